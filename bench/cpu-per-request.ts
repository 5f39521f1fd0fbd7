import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { startFakeUpstream } from './fake-upstream.js';
import { openAIChannelAndKey, ROOT, startTollgate } from './tollgate-server.js';
import { cpuMicros, waitFor } from './process-probes.js';

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

async function perRequest(server: ChildProcess, url: string, key: string, stream: boolean): Promise<number> {
  await send(url, key, stream, 3000); // warm-up: JIT, pools
  const before = cpuMicros(server.pid ?? 0);
  const result = await send(url, key, stream, REQUESTS);
  if (result.errors + result.non2xx > 0) throw new Error(`${result.errors + result.non2xx} failed requests`);
  return (cpuMicros(server.pid ?? 0) - before) / REQUESTS;
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
    for (const stream of [false, true]) {
      const bareCost = await perRequest(bare, `http://127.0.0.1:${BARE_PORT}`, key, stream);
      const tollgateCost = await perRequest(tollgate, `http://127.0.0.1:${TOLLGATE_PORT}`, key, stream);
      console.log(`${stream ? 'stream    ' : 'non-stream'}  bare ${bareCost.toFixed(0)} µs/request  Tollgate ${tollgateCost.toFixed(0)} µs/request  ratio ${(bareCost / tollgateCost).toFixed(2)}`);
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
