import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { envFlags } from './node-flags.js';
import { addAnthropicChannel, openAIChannelAndKey, startTollgate, waitFor } from './tollgate-server.js';
import { cpuMicros, start, threadCpuMicros } from './stream-clients.js';
import { freePorts } from './free-ports.js';

/**
 * `npx tsx bench/perf-compare.ts [json|stream|messages|converted] [rounds]`: what the main thread of the
 * bare proxy and of Tollgate spends per request, sampled by Linux perf (package linux-perf; `kernel.perf_event_paranoid`
 * at -1 and `kernel.kptr_restrict` at 0 for kernel symbols), by kind of code: the kernel, V8's builtins,
 * native code, Node's own JavaScript, each package's, Tollgate's. Then the functions whose cost differs
 * most, and each process's CPU per request from /proc (the load generator, the upstream, in a process of
 * its own here, and the two servers' main and other threads). The targets alternate for `rounds` rounds
 * (4) of BENCH_DURATION seconds (6) at 50 connections, so a slow minute falls on both.
 * `BENCH_PERF_KEEP=1` keeps the recordings (and the count of requests each one saw, in `<recording>.requests`)
 * for `perf report` or `perf script`; the folder is printed at the end.
 *
 * `BENCH_PERF=0` leaves perf out: only the CPU per request from /proc, on a machine without perf.
 * `BENCH_GC=1` starts both servers with V8's `--trace-gc-nvp` and adds what their young and full collections
 * cost per request: KB promoted out of the young generation, scavenges and mark-compacts per 10,000
 * requests and their pauses. Promotion hardly moves with the machine's load, and it is what showed V8's
 * pretenuring putting a process in a regime that promoted fifty times as much (see docs/runtime-tuning.md).
 * `BENCH_NODE_FLAGS` adds V8 flags to Tollgate's (a flag on the command line wins over the one its
 * runtime tuning sets), `BENCH_BARE_NODE_FLAGS` to the bare proxy's, and `BENCH_TREE` measures the build in
 * another checkout (a git worktree): with the bare proxy as the yardstick, two runs compare two settings.
 *
 * Both main threads are busy the whole time at 50 connections (perf's samples cover 90-96% of the time),
 * so their cost per request is what their throughput is the inverse of. V8's own profiler (`--cpu-prof`)
 * tells a function's share less truthfully: it put 2.1 µs a request in the price lookup, where perf finds 0.13.
 * perf names JavaScript from the map V8 writes (`--perf-basic-prof`), which keeps a freed function's
 * address: a function run once (a module's top level) may be named for code later put in its place.
 */
/** OpenAI chat answered whole or streamed, or streamed Anthropic messages passed through or converted to the OpenAI channel. */
const mode = (['stream', 'messages', 'converted'] as const).find((name) => name === process.argv[2]) ?? 'json';
const anthropic = mode === 'messages' || mode === 'converted';
const rounds = Number(process.argv[3] ?? 4);
const seconds = Number(process.env.BENCH_DURATION ?? 6);
const [UPSTREAM_PORT, BARE_PORT, TOLLGATE_PORT] = (await freePorts(3)) as [number, number, number];
/** Samples a second: each stands for 1/FREQUENCY s of the thread's CPU. */
const FREQUENCY = 4999;
/** JIT frames named for perf; the code log V8 then writes goes nowhere rather than into a file per isolate in the checkout. */
const PERF_FLAGS = ['--perf-basic-prof', '--no-logfile-per-isolate', '--logfile=/dev/null'];
const usePerf = process.env.BENCH_PERF !== '0';
const traceGc = process.env.BENCH_GC === '1';
const serverFlags = [...(usePerf ? PERF_FLAGS : []), ...(traceGc ? ['--trace-gc-nvp'] : [])];

interface Target {
  name: 'bare' | 'Tollgate';
  port: number;
  pid: number;
  /** What the server has printed (V8's `--trace-gc-nvp` lines, with BENCH_GC=1). */
  output: { text: string };
}

/** What collections cost per request, from V8's `--trace-gc-nvp` lines. */
interface GcCost {
  promotedKb: number;
  scavenges: number;
  markCompacts: number;
  pauseMicros: number;
}

interface Round {
  rps: number;
  /** µs of the main thread per request, by kind of code and by function, from perf's samples. */
  kinds: Map<string, number>;
  functions: Map<string, number>;
  /** µs per request from /proc. */
  cpu: { generator: number; upstream: number; main: number; others: number };
  gc: GcCost;
}

/** Sums `--trace-gc-nvp` lines over `requests`: scavenges and mark-compacts per 10,000 requests. */
function gcCost(trace: string, requests: number): GcCost {
  let promoted = 0;
  let scavenges = 0;
  let markCompacts = 0;
  let pauseMs = 0;
  for (const line of trace.split('\n')) {
    const kind = /\bgc=(\w+)/.exec(line)?.[1];
    if (kind === 's') scavenges += 1;
    else if (kind === 'mc' || kind === 'mmc') markCompacts += 1;
    else continue;
    pauseMs += Number(/\bpause=([\d.]+)/.exec(line)?.[1] ?? 0);
    promoted += Number(/\bpromoted=(\d+)/.exec(line)?.[1] ?? 0);
  }
  return { promotedKb: promoted / 1024 / requests, scavenges: (scavenges * 1e4) / requests, markCompacts: (markCompacts * 1e4) / requests, pauseMicros: (pauseMs * 1000) / requests };
}

const requestPath = anthropic ? '/v1/messages' : '/v1/chat/completions';
const body = JSON.stringify({
  model: mode === 'messages' ? 'claude-bench' : 'gpt-4o-mini',
  stream: mode !== 'json',
  ...(anthropic ? { max_tokens: 256 } : {}),
  messages: [{ role: 'user', content: 'Hello there, how are you?' }],
});

/** The kind of code a perf sample's symbol belongs to. */
function kindOf(symbol: string, dso: string): string {
  if (dso.includes('kernel')) return 'kernel';
  if (symbol.startsWith('Builtins_')) return 'V8 builtins';
  if (!symbol.startsWith('JS:')) return 'native';
  if (symbol.includes('/apps/server/dist/') || symbol.includes('/packages/')) return 'JS: Tollgate';
  if (symbol.includes(' node:')) return 'JS: Node';
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(symbol)?.[1];
  if (pkg) return `JS: ${pkg}`;
  if (symbol.includes('/bench/')) return 'JS: the bare proxy';
  return 'JS: other';
}

/** The main thread's samples of a perf recording, in µs per request. */
function readSamples(file: string, requests: number): { kinds: Map<string, number>; functions: Map<string, number> } {
  const script = spawnSync('perf', ['script', '-i', file, '-F', 'ip,sym,dso'], { encoding: 'utf8', maxBuffer: 1 << 30 }).stdout;
  const kinds = new Map<string, number>();
  const functions = new Map<string, number>();
  const micros = 1e6 / FREQUENCY / requests;
  for (const line of script.split('\n')) {
    const match = /^\s*[0-9a-f]+ (.*) \((.*)\)$/.exec(line);
    if (!match) continue;
    const symbol = match[1]!.replace(/^JS:[*~^]?/, 'JS:').replace(/file:\/\/|\S*\/(?=(apps|node_modules|bench|packages)\/)/g, '');
    const kind = kindOf(match[1]!, match[2]!);
    kinds.set(kind, (kinds.get(kind) ?? 0) + micros);
    functions.set(symbol, (functions.get(symbol) ?? 0) + micros);
  }
  return { kinds, functions };
}

async function measure(target: Target, upstreamPid: number, key: string, recording: string): Promise<Round> {
  const perf = usePerf ? spawn('perf', ['record', '-q', '-e', 'cpu-clock', '-F', String(FREQUENCY), '-t', String(target.pid), '-o', recording, '--', 'sleep', String(seconds)], { stdio: 'ignore' }) : undefined;
  const exited = new Promise((resolve) => (perf ? perf.on('exit', resolve) : resolve(undefined)));
  const traced = target.output.text.length;
  const generator = process.cpuUsage();
  const upstream = cpuMicros(upstreamPid);
  const threads = threadCpuMicros(target.pid);
  const result = await autocannon({
    url: `http://127.0.0.1:${target.port}${requestPath}`,
    method: 'POST',
    connections: 50,
    duration: seconds,
    headers: { 'content-type': 'application/json', authorization: `Bearer sk-${key}` },
    body,
  });
  const generatorUsed = process.cpuUsage(generator);
  const upstreamUsed = cpuMicros(upstreamPid) - upstream;
  let main = 0;
  let others = 0;
  for (const [name, micros] of threadCpuMicros(target.pid)) {
    if (name === 'main') main += micros - (threads.get(name) ?? 0);
    else others += micros - (threads.get(name) ?? 0);
  }
  await exited;
  if (result.errors + result.non2xx > 0) throw new Error(`${target.name}: ${result.errors + result.non2xx} failed requests`);
  const requests = result.requests.total;
  if (process.env.BENCH_PERF_KEEP) fs.writeFileSync(`${recording}.requests`, String(requests));
  return {
    rps: result.requests.average,
    ...(usePerf ? readSamples(recording, requests) : { kinds: new Map(), functions: new Map() }),
    cpu: { generator: (generatorUsed.user + generatorUsed.system) / requests, upstream: upstreamUsed / requests, main: main / requests, others: others / requests },
    gc: gcCost(target.output.text.slice(traced), requests),
  };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const fixed = (value: number) => value.toFixed(1).padStart(6);

function report(results: Map<Target['name'], Round[]>) {
  const bare = results.get('bare')!;
  const tollgate = results.get('Tollgate')!;
  const of = (runs: Round[], pick: (round: Round) => number) => median(runs.map(pick));
  console.log(`\nmedians of ${rounds} rounds, µs per request        bare  Tollgate  difference`);
  const cpu = ['generator', 'upstream', 'main', 'others'] as const;
  for (const part of cpu) {
    const label = part === 'main' || part === 'others' ? `server, ${part === 'main' ? 'main thread' : 'other threads'} (/proc)` : `${part} (/proc)`;
    console.log(`${label.padEnd(40)}${fixed(of(bare, (round) => round.cpu[part]))}  ${fixed(of(tollgate, (round) => round.cpu[part]))}  ${fixed(of(tollgate, (round) => round.cpu[part]) - of(bare, (round) => round.cpu[part]))}`);
  }
  if (traceGc) {
    const gc = [
      ['KB promoted per request', 'promotedKb'],
      ['scavenges per 10,000 requests', 'scavenges'],
      ['mark-compacts per 10,000 requests', 'markCompacts'],
      ['GC pause, µs per request', 'pauseMicros'],
    ] as const;
    console.log('\ncollections (--trace-gc-nvp)');
    for (const [label, part] of gc) console.log(`  ${label.padEnd(38)}${fixed(of(bare, (round) => round.gc[part]))}  ${fixed(of(tollgate, (round) => round.gc[part]))}  ${fixed(of(tollgate, (round) => round.gc[part]) - of(bare, (round) => round.gc[part]))}`);
  }
  if (!usePerf) return;
  const kinds = new Set([...bare, ...tollgate].flatMap((round) => [...round.kinds.keys()]));
  const kindRows = [...kinds].map((kind) => [kind, of(bare, (round) => round.kinds.get(kind) ?? 0), of(tollgate, (round) => round.kinds.get(kind) ?? 0)] as const);
  console.log('\nmain thread by kind of code (perf)');
  for (const [kind, b, t] of kindRows.sort((x, y) => y[2] - y[1] - (x[2] - x[1]))) if (b >= 0.05 || t >= 0.05) console.log(`  ${kind.padEnd(38)}${fixed(b)}  ${fixed(t)}  ${fixed(t - b)}`);
  const mean = (runs: Round[], name: string) => runs.reduce((sum, round) => sum + (round.functions.get(name) ?? 0), 0) / runs.length;
  const names = new Set([...bare, ...tollgate].flatMap((round) => [...round.functions.keys()]));
  const functionRows = [...names].map((name) => [name, mean(bare, name), mean(tollgate, name)] as const);
  console.log('\nfunctions that differ most (perf, mean of the rounds)');
  for (const [name, b, t] of functionRows.sort((x, y) => Math.abs(y[2] - y[1]) - Math.abs(x[2] - x[1])).slice(0, Number(process.env.BENCH_TOP ?? 30))) {
    console.log(`  ${fixed(b)}  ${fixed(t)}  ${fixed(t - b)}  ${name.slice(0, 100)}`);
  }
}

async function main() {
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tollgate-perf-'));
  const upstream = start(process.execPath, ['--import', 'tsx', 'bench/fake-upstream-main.ts', String(UPSTREAM_PORT)]);
  const stdout = traceGc ? 'pipe' : 'ignore';
  const bare = start(process.execPath, [...serverFlags, ...envFlags('BENCH_BARE_NODE_FLAGS'), '--import', 'tsx', 'bench/bare-proxy-main.ts', String(BARE_PORT), `http://127.0.0.1:${UPSTREAM_PORT}`], {}, stdout);
  const tree = process.env.BENCH_TREE;
  const tollgate = startTollgate(TOLLGATE_PORT, workDir, { nodeFlags: [...serverFlags, ...envFlags('BENCH_NODE_FLAGS')], stdout, ...(tree ? { tree } : {}) });
  const children = [upstream, bare, tollgate];
  const outputs = { bare: { text: '' }, Tollgate: { text: '' } };
  bare.stdout?.on('data', (chunk: Buffer) => (outputs.bare.text += chunk.toString()));
  tollgate.stdout?.on('data', (chunk: Buffer) => (outputs.Tollgate.text += chunk.toString()));
  try {
    await waitFor(`http://127.0.0.1:${UPSTREAM_PORT}/`);
    await waitFor(`http://127.0.0.1:${BARE_PORT}/`);
    await waitFor(`http://127.0.0.1:${TOLLGATE_PORT}/api/status`);
    const key = await openAIChannelAndKey(`http://127.0.0.1:${TOLLGATE_PORT}`, `http://127.0.0.1:${UPSTREAM_PORT}`);
    if (mode === 'messages') await addAnthropicChannel(`http://127.0.0.1:${TOLLGATE_PORT}`, `http://127.0.0.1:${UPSTREAM_PORT}`);
    const targets: Target[] = [
      { name: 'bare', port: BARE_PORT, pid: bare.pid!, output: outputs.bare },
      { name: 'Tollgate', port: TOLLGATE_PORT, pid: tollgate.pid!, output: outputs.Tollgate },
    ];
    for (const target of targets) await measure(target, upstream.pid!, key, path.join(workDir, 'warm-up.data')); // JIT, pools
    const results = new Map<Target['name'], Round[]>([['bare', []], ['Tollgate', []]]);
    console.log(`${mode}, 50 connections, ${rounds} rounds of ${seconds} s per target, ${os.cpus().length} CPUs, Node ${process.version}${usePerf ? '' : ', without perf'}`);
    for (let round = 0; round < rounds; round += 1) {
      const line: string[] = [];
      for (const target of round % 2 === 0 ? targets : [...targets].reverse()) {
        const measured = await measure(target, upstream.pid!, key, path.join(workDir, `${target.name}-${round}.data`));
        results.get(target.name)!.push(measured);
        line.push(`${target.name} ${measured.rps.toFixed(0)} req/s, main ${measured.cpu.main.toFixed(0)} µs`);
      }
      console.log(`round ${round + 1}: ${line.join('; ')}`);
    }
    report(results);
  } finally {
    for (const child of children) child.kill('SIGTERM');
    if (process.env.BENCH_PERF_KEEP) console.log(`\nrecordings kept in ${workDir} (perf maps in /tmp)`);
    else {
      for (const child of children) fs.rmSync(`/tmp/perf-${child.pid}.map`, { force: true });
      fs.rmSync(workDir, { recursive: true, force: true });
    }
  }
}

await main();
