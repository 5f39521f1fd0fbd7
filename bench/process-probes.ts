import fs from 'node:fs';

/** Waits until `url` answers below 500 (a server that has started), for 15 s at most. */
export async function waitFor(url: string): Promise<void> {
  for (let i = 0; i < 150; i += 1) {
    const answered = await fetch(url).then((response) => response.status < 500, () => false);
    if (answered) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} did not start`);
}

const TICKS_PER_SECOND = 100;

/** The CPU time (user + system) a process has used so far, in microseconds, from /proc. */
export function cpuMicros(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return ((Number(fields[11]) + Number(fields[12])) * 1e6) / TICKS_PER_SECOND;
}

/** The CPU time of each thread of a process so far, in microseconds, by thread name (from /proc). */
export function threadCpuMicros(pid: number): Map<string, number> {
  const byName = new Map<string, number>();
  for (const tid of fs.readdirSync(`/proc/${pid}/task`)) {
    const stat = fs.readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
    const name = tid === String(pid) ? 'main' : stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
    const fields = stat.slice(stat.lastIndexOf(') ') + 2).split(' ');
    const micros = ((Number(fields[11]) + Number(fields[12])) * 1e6) / TICKS_PER_SECOND;
    byName.set(name, (byName.get(name) ?? 0) + micros);
  }
  return byName;
}

/**
 * SYNs the kernel dropped so far because a listening socket's accept queue was full (TcpExt ListenDrops):
 * each costs its client a retransmit after 1 s or more, which a first-byte p99 shows as seconds.
 */
export function listenDrops(): number {
  const lines = fs.readFileSync('/proc/net/netstat', 'utf8').split('\n').filter((line) => line.startsWith('TcpExt:'));
  const names = lines[0]?.split(/\s+/) ?? [];
  const values = lines[1]?.split(/\s+/) ?? [];
  return Number(values[names.indexOf('ListenDrops')] ?? 0);
}
