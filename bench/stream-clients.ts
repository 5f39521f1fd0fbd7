import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { Client } from 'undici';
import { ROOT } from './tollgate-server.js';

/**
 * What the benchmarks share: clients for thousands of concurrent streams, and what they read of a process
 * from /proc (RSS, CPU time by thread, the SYNs the kernel dropped).
 */
export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export const rssMb = (pid: number) => {
  const line = fs.readFileSync(`/proc/${pid}/status`, 'utf8').split('\n').find((l) => l.startsWith('VmRSS:')) ?? '';
  return Number(line.replace(/\D+/g, '')) / 1024;
};

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

export interface StreamResult {
  ok: boolean;
  firstByteMs: number;
  totalMs: number;
}

/**
 * One streamed chat on a connection of its own (`client`): the time to its first byte and to its end, and
 * whether it ended with [DONE]. The answer is read in undici's dispatch callbacks, not through a Readable
 * and a promise per chunk: the load generator shares the machine's CPUs with what it measures, and every
 * microsecond it spends on a chunk is taken from the server under test (and from the upstream).
 */
export function oneStream(url: string, key: string, client: Client): Promise<StreamResult> {
  const started = performance.now();
  const { pathname, search } = new URL(url);
  return new Promise((resolve) => {
    let firstByteMs = -1;
    let status = 0;
    let tail = '';
    const finish = (ok: boolean) => resolve({ ok, firstByteMs, totalMs: performance.now() - started });
    client.dispatch(
      {
        method: 'POST',
        path: `${pathname}${search}`,
        headers: { 'content-type': 'application/json', authorization: `Bearer sk-${key}` },
        body: JSON.stringify({ model: 'gpt-4o-mini', stream: true, messages: [{ role: 'user', content: 'Tell me a long story.' }] }),
      },
      // undici's Client takes the older handler interface (its Agent wraps the newer one).
      {
        onConnect() {},
        onHeaders(statusCode) {
          status = statusCode;
          return true;
        },
        onData(chunk) {
          if (firstByteMs < 0) firstByteMs = performance.now() - started;
          tail = (tail + chunk.toString('latin1')).slice(-64);
          return true;
        },
        onComplete() {
          finish(status === 200 && tail.includes('[DONE]'));
        },
        onError() {
          finish(false);
        },
      },
    );
  });
}

export const percentile = (values: number[], p: number) => {
  const sorted = values.filter((v) => v >= 0).sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
};

/**
 * `count` streams started together, each on a connection of its own (an undici Client each: one Agent with
 * thousands of connections walks them all to place each call); the connections are closed once all have
 * ended, so that what the server holds afterwards is what it keeps, not the idle connections.
 */
export async function allAtOnce(url: string, key: string, count: number) {
  const { origin } = new URL(url);
  const clients = Array.from({ length: count }, () => new Client(origin, { keepAliveTimeout: 60_000, headersTimeout: 0, bodyTimeout: 0 }));
  const results = await Promise.all(clients.map((client) => oneStream(url, key, client)));
  await Promise.all(clients.map((client) => client.close()));
  const firstBytes = results.map((r) => r.firstByteMs);
  return {
    ok: results.filter((r) => r.ok).length,
    p50: percentile(firstBytes, 50),
    p99: percentile(firstBytes, 99),
    longest: Math.max(...results.map((r) => r.totalMs)),
  };
}

export function start(command: string, args: string[], env: Record<string, string> = {}, stdout: 'ignore' | 'pipe' = 'ignore'): ChildProcess {
  return spawn(command, args, { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', stdout, 'inherit'] });
}

/** Samples a process's RSS every 250 ms while `work` runs; the peak and the samples at each mark. */
export async function watchRss<T>(pid: number, work: Promise<T>): Promise<{ result: T; peak: number; samples: { at: number; mb: number }[] }> {
  const started = performance.now();
  const samples: { at: number; mb: number }[] = [];
  let done = false;
  const sampler = (async () => {
    while (!done) {
      samples.push({ at: (performance.now() - started) / 1000, mb: rssMb(pid) });
      await sleep(250);
    }
  })();
  const result = await work;
  done = true;
  await sampler;
  return { result, peak: Math.max(...samples.map((s) => s.mb)), samples };
}
