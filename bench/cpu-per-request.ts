import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { startFakeUpstream } from './fake-upstream.js';
import { openAIChannelAndKey, ROOT, startTollgate } from './tollgate-server.js';
import { cpuMicros, threadCpuMicros, waitFor } from './process-probes.js';

/**
 * `npx tsx bench/cpu-per-request.ts`: the CPU time (user + system, from /proc) each server spends per
 * request, for the bare proxy and for Tollgate, over a fixed number of requests at 50 connections. Unlike
 * requests per second, this barely moves when other work shares the machine, so it can guide changes on
 * a busy host; `bench/run.ts` remains the measurement for the README.
 */
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 20000);
const UPSTREAM_PORT = 28121;
const BARE_PORT = 28122;
const TOLLGATE_PORT = 28123;
const send = (url: string, key: string, stream: boolean, amount: number) =>
  autocannon({
    url: `${url}/v1/chat/completions`,
    method: 'POST',
    connections: 50,
    amount,
    headers: { 'content-type': 'application/json', authorization: `Bearer sk-${key}` },
    body: JSON.stringify({ model: 'gpt-4o-mini', stream, messages: [{ role: 'user', content: 'Hello there, how are you?' }] }),
  });

interface Cost {
  total: number;
  /** The main thread's share: the one a Node server's throughput is bound by. */
  main: number;
  byThread: string;
}

async function perRequest(server: ChildProcess, url: string, key: string, stream: boolean): Promise<Cost> {
  await send(url, key, stream, 3000); // warm-up: JIT, pools
  const pid = server.pid ?? 0;
  const before = cpuMicros(pid);
  const threadsBefore = threadCpuMicros(pid);
  const result = await send(url, key, stream, REQUESTS);
  if (result.errors + result.non2xx > 0) throw new Error(`${result.errors + result.non2xx} failed requests`);
  const threads = [...threadCpuMicros(pid)].map(([name, micros]) => [name, (micros - (threadsBefore.get(name) ?? 0)) / REQUESTS] as const);
  return {
    total: (cpuMicros(pid) - before) / REQUESTS,
    main: threads.find(([name]) => name === 'main')?.[1] ?? 0,
    byThread: threads.filter(([, micros]) => micros >= 1).map(([name, micros]) => `${name} ${micros.toFixed(0)}`).join(', '),
  };
}

async function main() {
  const upstream = await startFakeUpstream(UPSTREAM_PORT);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tollgate-cpu-'));
  const bare = spawn('node', ['--import', 'tsx', 'bench/bare-proxy-main.ts', String(BARE_PORT), `http://127.0.0.1:${UPSTREAM_PORT}`], { cwd: ROOT, stdio: 'ignore' });
  const tollgate = startTollgate(TOLLGATE_PORT, dataDir);
  try {
    await waitFor(`http://127.0.0.1:${BARE_PORT}/`);
    await waitFor(`http://127.0.0.1:${TOLLGATE_PORT}/api/status`);
    const key = await openAIChannelAndKey(`http://127.0.0.1:${TOLLGATE_PORT}`, `http://127.0.0.1:${UPSTREAM_PORT}`);
    for (const stream of (process.env.BENCH_MODES ?? 'json,stream').split(',').map((mode) => mode === 'stream')) {
      const bareCost = await perRequest(bare, `http://127.0.0.1:${BARE_PORT}`, key, stream);
      const tollgateCost = await perRequest(tollgate, `http://127.0.0.1:${TOLLGATE_PORT}`, key, stream);
      const kind = stream ? 'stream    ' : 'non-stream';
      console.log(`${kind}  bare ${bareCost.total.toFixed(0)} µs/request  Tollgate ${tollgateCost.total.toFixed(0)} µs/request  ratio ${(bareCost.total / tollgateCost.total).toFixed(2)}`);
      console.log(`${kind}  main thread: bare ${bareCost.main.toFixed(0)} µs  Tollgate ${tollgateCost.main.toFixed(0)} µs  ratio ${(bareCost.main / tollgateCost.main).toFixed(2)}`);
      console.log(`            threads (µs/request): bare ${bareCost.byThread}; Tollgate ${tollgateCost.byThread}`);
    }
  } finally {
    bare.kill();
    tollgate.kill('SIGTERM');
    upstream.close();
    await new Promise((resolve) => setTimeout(resolve, 500));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
