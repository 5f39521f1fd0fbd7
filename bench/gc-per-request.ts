import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chatLoadOf, sendChats, startChatUpstream } from './chat-load.js';
import { TOLLGATE_NODE_FLAGS } from './node-flags.js';
import { openAIChannelAndKey } from './tollgate-server.js';
import { cpuMicros, threadCpuMicros, waitFor } from './process-probes.js';
import { rssMb } from './stream-clients.js';


/**
 * `npx tsx bench/gc-per-request.ts [tree] [stream]`: what garbage collection a fixed number of requests
 * costs Tollgate (built in `tree`, this checkout by default, so two builds, say two git worktrees, can be
 * compared): bytes promoted out of the young generation per request, the count of scavenges and
 * mark-compacts (from V8's `--trace-gc-nvp`), and the CPU time per request. Promotion is what a request's
 * objects cost when they outlive young collection; unlike throughput it hardly moves when other work
 * shares the machine. `BENCH_CONNECTIONS` (50) sets the load, `GC_FLAGS` replaces `npm start`'s V8 flags,
 * `BENCH_SQL_DSN` runs it on PostgreSQL or MySQL (an empty database: it signs in as a new root).
 * `slow` measures 2,000 long streams started together instead (bench/chat-load.ts). `BENCH_RUNS` (1) runs
 * that many fresh processes one after the other, a line each: how a process's heap settles can differ from
 * one process to the next (V8 once decided, in about half of the processes, to allocate a literal's
 * objects in the old generation, and those processes promoted fifty times as much).
 */
const load = chatLoadOf(process.argv.slice(2));
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? (load === 'slow' ? 2000 : 15000));
const UPSTREAM_PORT = 28131;
const TOLLGATE_PORT = 28133;

const tree = path.resolve(process.argv.slice(2).find((arg) => !['json', 'stream', 'slow'].includes(arg)) ?? path.join(import.meta.dirname, '..'));

interface GcTotals { scavenges: number; markCompacts: number; promoted: number; copied: number; scavengeMs: number; markCompactMs: number }

function gcTotals(trace: string): GcTotals {
  const totals: GcTotals = { scavenges: 0, markCompacts: 0, promoted: 0, copied: 0, scavengeMs: 0, markCompactMs: 0 };
  for (const line of trace.split('\n')) {
    const kind = /\bgc=(\w+)/.exec(line)?.[1];
    if (kind === 's') {
      totals.scavenges += 1;
      totals.scavengeMs += Number(/\bpause=([\d.]+)/.exec(line)?.[1] ?? 0);
    }
    // What a scavenge kept (copied or promoted): its cost grows with it, and with the requests in flight.
    totals.copied += Number(/\bnew_space_survived=(\d+)/.exec(line)?.[1] ?? 0);
    if (kind === 'mc' || kind === 'mmc') {
      totals.markCompacts += 1;
      totals.markCompactMs += Number(/\bpause=([\d.]+)/.exec(line)?.[1] ?? 0);
    }
    totals.promoted += Number(/\bpromoted=(\d+)/.exec(line)?.[1] ?? 0);
  }
  return totals;
}

async function main() {
  const stopUpstream = await startChatUpstream(load, UPSTREAM_PORT);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tollgate-gc-'));
  let trace = '';
  const server = spawn(process.execPath, [...(process.env.GC_FLAGS ? process.env.GC_FLAGS.split(' ') : TOLLGATE_NODE_FLAGS), '--trace-gc-nvp', 'apps/server/dist/main.js'], {
    cwd: tree,
    env: { ...process.env, PORT: String(TOLLGATE_PORT), SQLITE_PATH: path.join(dataDir, 'one-api.db'), SESSION_SECRET: 'bench', GLOBAL_API_RATE_LIMIT: '0', CRITICAL_RATE_LIMIT: '0', LOG_LEVEL: 'warn', SQL_DSN: process.env.BENCH_SQL_DSN ?? '', REDIS_CONN_STRING: '' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  server.stdout?.on('data', (chunk: Buffer) => { trace += chunk.toString(); });
  try {
    await waitFor(`http://127.0.0.1:${TOLLGATE_PORT}/api/status`);
    const url = `http://127.0.0.1:${TOLLGATE_PORT}`;
    const key = await openAIChannelAndKey(url, `http://127.0.0.1:${UPSTREAM_PORT}`);
    await sendChats(load, url, key, load === 'slow' ? 500 : 3000); // warm-up: JIT, pools, the heap's working size
    trace = '';
    const cpuBefore = cpuMicros(server.pid ?? 0);
    const threadsBefore = threadCpuMicros(server.pid ?? 0);
    const failed = await sendChats(load, url, key, REQUESTS);
    const cpu = (cpuMicros(server.pid ?? 0) - cpuBefore) / REQUESTS;
    // By thread: the main thread's share, the log writer's, and V8's helpers (concurrent marking, parallel scavenges).
    const threads = [...threadCpuMicros(server.pid ?? 0)]
      .map(([name, micros]) => [name, (micros - (threadsBefore.get(name) ?? 0)) / REQUESTS] as const)
      .filter(([, micros]) => micros >= 1)
      .map(([name, micros]) => `${name} ${micros.toFixed(0)}`)
      .join(', ');
    if (failed > 0) throw new Error(`${failed} failed requests`);
    const totals = gcTotals(trace);
    console.log(`${{ json: 'non-stream', stream: 'stream', slow: 'slow streams' }[load]}  promoted ${(totals.promoted / REQUESTS / 1024).toFixed(2)} KB/request  survived ${(totals.copied / REQUESTS / 1024).toFixed(2)} KB/request  scavenges ${totals.scavenges} (${((totals.scavengeMs * 1000) / REQUESTS).toFixed(1)} µs/request)  mark-compacts ${totals.markCompacts} (${totals.markCompactMs.toFixed(0)} ms)  CPU ${cpu.toFixed(0)} µs/request (${threads})  RSS ${rssMb(server.pid ?? 0).toFixed(0)} MB`);
  } finally {
    server.kill('SIGTERM');
    stopUpstream();
    await new Promise((resolve) => setTimeout(resolve, 500));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

for (let run = 0; run < Number(process.env.BENCH_RUNS ?? 1); run += 1) await main();
