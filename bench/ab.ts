import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ChildProcess } from 'node:child_process';
import autocannon from 'autocannon';
import { startFakeUpstream } from './fake-upstream.js';
import { openAIChannelAndKey, startTollgate } from './tollgate-server.js';
import { cpuMicros, threadCpuMicros, waitFor } from './process-probes.js';

/**
 * `npx tsx bench/ab.ts <tree A> <tree B> [stream]`: two builds of Tollgate (two git worktrees, or one tree
 * twice with AB_FLAGS_A / AB_FLAGS_B replacing `npm start`'s V8 flags) side by side, measured in rounds that
 * alternate A and B, each round with new processes: the CPU time per request over AB_REQUESTS requests at 50 connections, the main
 * thread's (what bounds a Node server's throughput) and the whole process's (GC helpers and the log writer
 * share the machine's CPUs with it).
 * The machines drift by more than most changes are worth; alternating rounds and taking the median of
 * each side is what lets a change of a few microseconds be seen.
 */
const REQUESTS = Number(process.env.AB_REQUESTS ?? 8000);
const ROUNDS = Number(process.env.AB_ROUNDS ?? 5);
const UPSTREAM_PORT = 28151;
const stream = process.argv.includes('stream');
const [treeA, treeB] = process.argv.slice(2).filter((arg) => arg !== 'stream').map((tree) => path.resolve(tree));
const flagsOf = (name: string) => process.env[name]?.split(' ');

interface Sample {
  main: number;
  total: number;
}

interface Side {
  name: 'A' | 'B';
  server: ChildProcess;
  url: string;
  key: string;
  dataDir: string;
}

async function start(name: Side['name'], tree: string, port: number, flags: string[] | undefined): Promise<Side> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `tollgate-ab-${name}-`));
  const server = startTollgate(port, dataDir, { tree, startFlags: flags });
  const url = `http://127.0.0.1:${port}`;
  await waitFor(`${url}/api/status`);
  const key = await openAIChannelAndKey(url, `http://127.0.0.1:${UPSTREAM_PORT}`);
  return { name, server, url, key, dataDir };
}

const send = (side: Side, amount: number) =>
  autocannon({
    url: `${side.url}/v1/chat/completions`,
    method: 'POST',
    connections: 50,
    amount,
    headers: { 'content-type': 'application/json', authorization: `Bearer sk-${side.key}` },
    body: JSON.stringify({ model: 'gpt-4o-mini', stream, messages: [{ role: 'user', content: 'Hello there, how are you?' }] }),
  });

async function measure(side: Side): Promise<Sample> {
  const pid = side.server.pid ?? 0;
  const main = threadCpuMicros(pid).get('main') ?? 0;
  const total = cpuMicros(pid);
  const result = await send(side, REQUESTS);
  if (result.errors + result.non2xx > 0) throw new Error(`${side.name}: ${result.errors + result.non2xx} failed requests`);
  return { main: ((threadCpuMicros(pid).get('main') ?? 0) - main) / REQUESTS, total: (cpuMicros(pid) - total) / REQUESTS };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

async function main() {
  if (!treeA || !treeB) throw new Error('usage: bench/ab.ts <tree A> <tree B> [stream]');
  const upstream = await startFakeUpstream(UPSTREAM_PORT);
  const samples = { A: [] as Sample[], B: [] as Sample[] };
  try {
    for (let round = 0; round < ROUNDS; round += 1) {
      // Fresh processes every round: the same build measures up to 7% apart from one process to the next
      // (where the scheduler puts it, what shares its core), a bias that only new processes average out.
      const sides = [await start('A', treeA, 28152, flagsOf('AB_FLAGS_A')), await start('B', treeB, 28153, flagsOf('AB_FLAGS_B'))];
      try {
        for (const side of sides) await send(side, 3000); // warm-up: JIT, pools
        // A then B, then B then A: a drift within a round falls on both alike.
        for (const side of round % 2 === 0 ? sides : [...sides].reverse()) samples[side.name].push(await measure(side));
      } finally {
        await stop(sides);
      }
      console.log(`round ${round + 1}: ${(['A', 'B'] as const).map((name) => `${name} main ${samples[name].at(-1)?.main.toFixed(1)} µs, all ${samples[name].at(-1)?.total.toFixed(1)} µs`).join('  ')}`);
    }
    for (const part of ['main', 'total'] as const) {
      const [a = 0, b = 0] = (['A', 'B'] as const).map((name) => median(samples[name].map((sample) => sample[part])));
      console.log(`${stream ? 'stream' : 'non-stream'} ${part === 'main' ? 'main thread' : 'all threads'} per request, median of ${ROUNDS}: A ${a.toFixed(1)} µs  B ${b.toFixed(1)} µs  B/A ${(b / a).toFixed(3)}`);
    }
  } finally {
    upstream.close();
  }
}

async function stop(sides: Side[]) {
  for (const side of sides) side.server.kill('SIGTERM');
  await Promise.all(sides.map((side) => new Promise((resolve) => side.server.once('exit', resolve))));
  for (const side of sides) fs.rmSync(side.dataDir, { recursive: true, force: true });
}

await main();
