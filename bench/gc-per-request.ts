import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { startFakeUpstream } from './fake-upstream.js';
import { TOLLGATE_NODE_FLAGS } from './node-flags.js';
import { openAIChannelAndKey } from './tollgate-server.js';
import { cpuMicros, waitFor } from './process-probes.js';


/**
 * `npx tsx bench/gc-per-request.ts [tree] [stream]`: what garbage collection a fixed number of requests
 * costs Tollgate (built in `tree`, this checkout by default, so two builds, say two git worktrees, can be
 * compared): bytes promoted out of the young generation per request, the count of scavenges and
 * mark-compacts (from V8's `--trace-gc-nvp`), and the CPU time per request. Promotion is what a request's
 * objects cost when they outlive young collection; unlike throughput it hardly moves when other work
 * shares the machine. `BENCH_CONNECTIONS` (50) sets the load, `GC_FLAGS` replaces `npm start`'s V8 flags,
 * `BENCH_SQL_DSN` runs it on PostgreSQL or MySQL (an empty database: it signs in as a new root).
 */
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 15000);
const UPSTREAM_PORT = 28131;
const TOLLGATE_PORT = 28133;

const tree = path.resolve(process.argv[2] ?? path.join(import.meta.dirname, '..'));
const stream = process.argv.includes('stream');

const send = (key: string, amount: number) =>
  autocannon({
    url: `http://127.0.0.1:${TOLLGATE_PORT}/v1/chat/completions`,
    method: 'POST',
    connections: Number(process.env.BENCH_CONNECTIONS ?? 50),
    amount,
    headers: { 'content-type': 'application/json', authorization: `Bearer sk-${key}` },
    body: JSON.stringify({ model: 'gpt-4o-mini', stream, messages: [{ role: 'user', content: 'Hello there, how are you?' }] }),
  });

interface GcTotals { scavenges: number; markCompacts: number; promoted: number; copied: number; scavengeMs: number }

function gcTotals(trace: string): GcTotals {
  const totals: GcTotals = { scavenges: 0, markCompacts: 0, promoted: 0, copied: 0, scavengeMs: 0 };
  for (const line of trace.split('\n')) {
    const kind = /\bgc=(\w+)/.exec(line)?.[1];
    if (kind === 's') {
      totals.scavenges += 1;
      totals.scavengeMs += Number(/\bpause=([\d.]+)/.exec(line)?.[1] ?? 0);
    }
    // What a scavenge kept (copied or promoted): its cost grows with it, and with the requests in flight.
    totals.copied += Number(/\bnew_space_survived=(\d+)/.exec(line)?.[1] ?? 0);
    if (kind === 'mc' || kind === 'mmc') totals.markCompacts += 1;
    totals.promoted += Number(/\bpromoted=(\d+)/.exec(line)?.[1] ?? 0);
  }
  return totals;
}

async function main() {
  const upstream = await startFakeUpstream(UPSTREAM_PORT);
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
    const key = await openAIChannelAndKey(`http://127.0.0.1:${TOLLGATE_PORT}`, `http://127.0.0.1:${UPSTREAM_PORT}`);
    await send(key, 3000); // warm-up: JIT, pools, the heap's working size
    trace = '';
    const cpuBefore = cpuMicros(server.pid ?? 0);
    const result = await send(key, REQUESTS);
    const cpu = (cpuMicros(server.pid ?? 0) - cpuBefore) / REQUESTS;
    if (result.errors + result.non2xx > 0) throw new Error(`${result.errors + result.non2xx} failed requests`);
    const totals = gcTotals(trace);
    console.log(`${stream ? 'stream' : 'non-stream'}  promoted ${(totals.promoted / REQUESTS / 1024).toFixed(2)} KB/request  survived ${(totals.copied / REQUESTS / 1024).toFixed(2)} KB/request  scavenges ${totals.scavenges} (${((totals.scavengeMs * 1000) / REQUESTS).toFixed(1)} µs/request)  mark-compacts ${totals.markCompacts}  CPU ${cpu.toFixed(0)} µs/request`);
  } finally {
    server.kill('SIGTERM');
    upstream.close();
    await new Promise((resolve) => setTimeout(resolve, 500));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
