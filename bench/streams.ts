import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { envFlags } from './node-flags.js';
import { heapPerStream, heapSnapshot } from './heap-snapshots.js';
import { TLS_CERT_FILE } from './slow-stream-upstream.js';
import { openAIChannelAndKey, startTollgate, waitFor } from './tollgate-server.js';
import { allAtOnce, listenDrops, rssMb, sleep, start, threadCpuMicros, watchRss } from './stream-clients.js';
import { freePorts } from './free-ports.js';

/**
 * `npm run bench:streams`: many long streams at once through one Tollgate process (SQLite, auth, billing
 * and logging on) against an upstream that streams slowly, as models do.
 *
 * 1. BENCH_STREAMS (5,000) streams of BENCH_STREAM_SECONDS (5 s), all started together: how many succeed,
 *    the time to first byte (p50/p99) beside the upstream's own (the same streams sent to it directly) and
 *    the bare Fastify + undici proxy's, and Tollgate's RSS when idle, at the peak, 10 s, 30 s and 60 s after
 *    (memory is given back 10 s after the load, and again once its idle upstream connections have closed).
 * 2. BENCH_LONG_STREAMS (1,000) streams of BENCH_LONG_SECONDS (60 s): Tollgate's RSS
 *    as the answers grow, which should stay flat (nothing is kept per chunk).
 *
 * BENCH_TREE measures the build in another checkout (a git worktree) instead of this one.
 * BENCH_WARMUP_STREAMS (500) streams go through each target before it is measured.
 *
 * BENCH_TLS=1: the upstream speaks HTTPS, HTTP/2 or HTTP/1.1 as asked, and the burst goes through Tollgate
 * alone (the direct and bare proxy lines need a plain upstream), with the TLS connections Tollgate opened
 * to it: run it with RELAY_HTTP2=false and without to see what HTTP/2 to upstreams buys.
 * BENCH_HEAP=1: the long streams' line adds the JavaScript heap an open stream holds, by kind of object (two
 * heap snapshots, before the streams and halfway through them; each pauses Tollgate for seconds, so the
 * RSS of that run is not the one to record).
 */
const [UPSTREAM_PORT, BARE_PORT, TOLLGATE_PORT] = (await freePorts(3)) as [number, number, number];
const streams = Number(process.env.BENCH_STREAMS ?? 5000);
const streamSeconds = Number(process.env.BENCH_STREAM_SECONDS ?? 5);
const longStreams = Number(process.env.BENCH_LONG_STREAMS ?? 1000);
const longSeconds = Number(process.env.BENCH_LONG_SECONDS ?? 60);
/**
 * Streams sent through each target before it is measured, as to a process that has been running: V8
 * compiles a function only once it has run a while, and Tollgate has far more of them than the bare proxy.
 * 0 measures cold processes.
 */
const warmUpStreams = Number(process.env.BENCH_WARMUP_STREAMS ?? 500);
/** A chunk every this many milliseconds per stream (a model's streamed tokens, a few at a time). */
const CHUNK_INTERVAL_MS = Number(process.env.BENCH_CHUNK_MS ?? 250);
/** More node flags for Tollgate, e.g. BENCH_NODE_FLAGS="--cpu-prof --cpu-prof-dir=bench/profiles" to see where its time goes. */
const extraFlags = envFlags('BENCH_NODE_FLAGS');
/** Another build of Tollgate to measure (a git worktree, built), to compare two builds in the same hour. */
const tree = process.env.BENCH_TREE;
/** The same for the bare proxy, to compare the two servers' profiles. */
const bareFlags = envFlags('BENCH_BARE_NODE_FLAGS');
const tls = process.env.BENCH_TLS === '1';
const heap = process.env.BENCH_HEAP === '1';

interface Run {
  tollgate: ChildProcess;
  url: string;
  key: string;
  dataDir: string;
  /** The TLS connections the upstream has accepted so far (BENCH_TLS=1). */
  upstreamConnections(): Promise<number>;
}

async function scenario(seconds: number, run: (context: Run) => Promise<void>) {
  const upstream = start('node', ['--import', 'tsx', 'bench/slow-stream-upstream.ts', String(UPSTREAM_PORT), String(seconds), String(CHUNK_INTERVAL_MS), ...(tls ? ['tls'] : [])], {}, tls ? 'pipe' : 'ignore');
  let upstreamOutput = '';
  upstream.stdout?.on('data', (chunk: Buffer) => (upstreamOutput += chunk.toString()));
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tollgate-streams-'));
  const snapshots = heap ? ['--heapsnapshot-signal=SIGUSR2', `--diagnostic-dir=${dataDir}`] : [];
  const tollgate = startTollgate(TOLLGATE_PORT, dataDir, { nodeFlags: [...extraFlags, ...snapshots], env: tls ? { RELAY_CA_FILE: TLS_CERT_FILE } : {}, ...(tree ? { tree } : {}) });
  const url = `http://127.0.0.1:${TOLLGATE_PORT}`;
  const upstreamConnections = async () => {
    upstream.kill('SIGUSR2');
    await sleep(300);
    return Number([...upstreamOutput.matchAll(/connections (\d+)/g)].at(-1)?.[1] ?? NaN);
  };
  try {
    await waitFor(`${url}/api/status`);
    // A TLS upstream's certificate is the test suite's own, which fetch does not trust: give it a moment instead.
    if (tls) await sleep(1000);
    else await waitFor(`http://127.0.0.1:${UPSTREAM_PORT}/`);
    const key = await openAIChannelAndKey(url, `${tls ? 'https' : 'http'}://127.0.0.1:${UPSTREAM_PORT}`, 'slow');
    await run({ tollgate, url, key, dataDir, upstreamConnections });
  } finally {
    tollgate.kill('SIGTERM');
    upstream.kill('SIGTERM');
    await sleep(1000);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * Starts counting a process's CPU; what it returns gives the CPU per stream since, whole and by thread: the
 * main thread's, and the others' (V8's collector helpers, a log writer thread), which share the same CPUs.
 */
function cpuPerStream(pid: number): () => string {
  const before = threadCpuMicros(pid);
  return () => {
    let main = 0;
    let others = 0;
    for (const [name, micros] of threadCpuMicros(pid)) {
      const used = micros - (before.get(name) ?? 0);
      if (name === 'main') main += used;
      else others += used;
    }
    const ms = (micros: number) => (micros / streams / 1000).toFixed(2);
    return `${ms(main + others)} ms (main thread ${ms(main)}, others ${ms(others)})`;
  };
}

async function main() {
  if (streams > 0)
    await scenario(streamSeconds, async ({ tollgate, url, key, upstreamConnections }) => {
    const pid = tollgate.pid ?? 0;
    let drops = listenDrops();
    /** SYNs dropped since the last call: connections that waited for a retransmit. */
    const dropped = () => {
      const before = drops;
      drops = listenDrops();
      return drops - before;
    };
    const warmUp = async (target: string, key: string) => {
      if (warmUpStreams > 0) await allAtOnce(target, key, warmUpStreams);
      dropped();
    };
    const yardsticks: string[] = [];
    if (!tls) {
      await warmUp(`http://127.0.0.1:${UPSTREAM_PORT}/v1/chat/completions`, 'none');
      const direct = await allAtOnce(`http://127.0.0.1:${UPSTREAM_PORT}/v1/chat/completions`, 'none', streams);
      yardsticks.push(`  upstream directly: ${direct.ok}/${streams} ok, first byte p50 ${direct.p50.toFixed(0)} ms, p99 ${direct.p99.toFixed(0)} ms, SYNs dropped ${dropped()}`);
      const bareProxy = start('node', [...bareFlags, '--import', 'tsx', 'bench/bare-proxy-main.ts', String(BARE_PORT), `http://127.0.0.1:${UPSTREAM_PORT}`]);
      await waitFor(`http://127.0.0.1:${BARE_PORT}/`);
      await warmUp(`http://127.0.0.1:${BARE_PORT}/v1/chat/completions`, 'none');
      const bareCpu = cpuPerStream(bareProxy.pid ?? 0);
      const bare = await allAtOnce(`http://127.0.0.1:${BARE_PORT}/v1/chat/completions`, 'none', streams);
      yardsticks.push(`  bare proxy:        ${bare.ok}/${streams} ok, first byte p50 ${bare.p50.toFixed(0)} ms, p99 ${bare.p99.toFixed(0)} ms, longest stream ${(bare.longest / 1000).toFixed(1)} s, CPU ${bareCpu()} per stream, SYNs dropped ${dropped()}`);
      bareProxy.kill('SIGTERM');
      await sleep(2000);
    }
    const idle = rssMb(pid);
    await warmUp(`${url}/v1/chat/completions`, key);
    const connectionsBefore = tls ? await upstreamConnections() : 0;
    const tollgateCpu = cpuPerStream(pid);
    const { result, peak } = await watchRss(pid, allAtOnce(`${url}/v1/chat/completions`, key, streams));
    const tollgateCpuPerStream = tollgateCpu();
    const tollgateDrops = dropped();
    const connections = tls ? `, TLS connections opened ${(await upstreamConnections()) - connectionsBefore} (RELAY_HTTP2=${process.env.RELAY_HTTP2 ?? 'true'})` : '';
    await sleep(10_000);
    const after = rssMb(pid);
    await sleep(20_000);
    const later = rssMb(pid);
    await sleep(30_000);
    const minute = rssMb(pid);
    console.log(`${streams} concurrent streams of ${streamSeconds} s${tls ? ' to a TLS upstream' : ''}, after ${warmUpStreams} through each target first`);
    for (const line of yardsticks) console.log(line);
    console.log(`  through Tollgate:  ${result.ok}/${streams} ok, first byte p50 ${result.p50.toFixed(0)} ms, p99 ${result.p99.toFixed(0)} ms, longest stream ${(result.longest / 1000).toFixed(1)} s, CPU ${tollgateCpuPerStream} per stream, SYNs dropped ${tollgateDrops}${connections}`);
    console.log(`  Tollgate RSS: idle ${idle.toFixed(0)} MB, peak ${peak.toFixed(0)} MB, 10 s after ${after.toFixed(0)} MB, 30 s after ${later.toFixed(0)} MB, 60 s after ${minute.toFixed(0)} MB`);
  });
  if (longStreams <= 0) return;
  await scenario(longSeconds, async ({ tollgate, url, key, dataDir }) => {
    const pid = tollgate.pid ?? 0;
    const idle = rssMb(pid);
    const before = heap ? await heapSnapshot(pid, dataDir) : '';
    const running = allAtOnce(`${url}/v1/chat/completions`, key, longStreams);
    const halfway = heap ? sleep((longSeconds * 1000) / 2).then(() => heapSnapshot(pid, dataDir)) : undefined;
    const { result, samples } = await watchRss(pid, running);
    const at = (second: number) => samples.find((s) => s.at >= second)?.mb ?? NaN;
    const marks = [0.25, 0.5, 0.75, 1].map((f) => Math.round(f * longSeconds));
    console.log(`${longStreams} concurrent streams of ${longSeconds} s (a chunk every ${CHUNK_INTERVAL_MS} ms)`);
    console.log(`  ${result.ok}/${longStreams} ok; Tollgate RSS idle ${idle.toFixed(0)} MB, ${marks.map((m) => `at ${m} s ${at(m - 1).toFixed(0)} MB`).join(', ')}`);
    if (halfway) console.log(heapPerStream(before, await halfway, longStreams));
  });
}

await main();
