import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { cpuMicros, waitFor } from './process-probes.js';
import { TLS_CERT_FILE } from './slow-stream-upstream.js';
import { allAtOnce, sleep, start } from './stream-clients.js';
import { openAIChannelAndKey, startTollgate } from './tollgate-server.js';

/**
 * `npm run build && npx tsx bench/http2.ts`: BENCH_STREAMS (2,000) streams of BENCH_STREAM_SECONDS (5 s)
 * sent at once through Tollgate to an upstream over TLS that speaks HTTP/2 and HTTP/1.1, once with
 * RELAY_HTTP2=false and once with it on: how many end with [DONE], the first byte (p50/p99), the
 * upstream connections Tollgate opened and its CPU time. Repeated BENCH_ROUNDS (2) times, alternating.
 */
const UPSTREAM_PORT = 28161;
const TOLLGATE_PORT = 28163;
const streams = Number(process.env.BENCH_STREAMS ?? 2000);
const seconds = Number(process.env.BENCH_STREAM_SECONDS ?? 5);
const rounds = Number(process.env.BENCH_ROUNDS ?? 2);

/** The upstream's count of TLS connections, which it prints when asked. */
async function upstreamConnections(upstream: ReturnType<typeof start>, output: string[]): Promise<number> {
  upstream.kill('SIGUSR2');
  await sleep(300);
  return Number(/connections (\d+)/.exec(output.at(-1) ?? '')?.[1] ?? NaN);
}

async function run(http2: boolean) {
  const upstream = start('node', ['--import', 'tsx', 'bench/slow-stream-upstream.ts', String(UPSTREAM_PORT), String(seconds), '250', 'tls'], {}, 'pipe');
  const output: string[] = [];
  upstream.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tollgate-h2-'));
  const tollgate = startTollgate(TOLLGATE_PORT, dataDir, { env: { RELAY_HTTP2: String(http2), RELAY_CA_FILE: TLS_CERT_FILE } });
  const url = `http://127.0.0.1:${TOLLGATE_PORT}`;
  try {
    await waitFor(`${url}/api/status`);
    await sleep(500);
    const key = await openAIChannelAndKey(url, `https://127.0.0.1:${UPSTREAM_PORT}`, 'tls');
    const before = cpuMicros(tollgate.pid ?? 0);
    const result = await allAtOnce(`${url}/v1/chat/completions`, key, streams);
    const cpuSeconds = (cpuMicros(tollgate.pid ?? 0) - before) / 1e6;
    const connections = await upstreamConnections(upstream, output);
    console.log(
      `RELAY_HTTP2=${String(http2).padEnd(5)}  ${result.ok}/${streams} ok, first byte p50 ${result.p50.toFixed(0)} ms, p99 ${result.p99.toFixed(0)} ms, ` +
        `longest ${(result.longest / 1000).toFixed(1)} s, upstream connections ${connections}, Tollgate CPU ${cpuSeconds.toFixed(1)} s`,
    );
  } finally {
    tollgate.kill('SIGTERM');
    upstream.kill('SIGTERM');
    await sleep(1000);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

console.log(`${streams} concurrent streams of ${seconds} s to a TLS upstream, ${rounds} rounds`);
for (let round = 0; round < rounds; round += 1) {
  await run(false);
  await run(true);
}
