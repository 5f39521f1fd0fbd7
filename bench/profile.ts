import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { envFlags, TOLLGATE_NODE_FLAGS } from './node-flags.js';
import { addAnthropicChannel, openAIChannelAndKey } from './tollgate-server.js';
import { startChatUpstream, sendChats } from './chat-load.js';
import { waitFor } from './process-probes.js';

/**
 * `npx tsx bench/profile.ts [stream|messages|converted|slow] [seconds] [bare]`: Tollgate (or the bare proxy)
 * under V8's CPU profiler against the fake upstream, driven at 50 connections with OpenAI chat requests (JSON
 * or streamed), or with streamed Anthropic `/v1/messages` requests passed through to an Anthropic channel
 * (`messages`) or converted to the OpenAI channel (`converted`), or with long OpenAI streams all started
 * together (`slow`: 400 per second asked, 5 s each, a chunk every 250 ms, as `npm run bench:streams`), then
 * the hottest functions by self time and the CPU time per request, so a change can be aimed before the bench
 * measures it and the two servers' costs compared part by part. Only the load after a second of warm-up is
 * profiled (bench/cpu-sampler.mjs); the .cpuprofile is left in bench/profiles/ for Chrome's DevTools.
 *
 * `npx tsx bench/profile.ts report <file.cpuprofile> <requests>` prints the same report for a profile taken
 * elsewhere, e.g. by `npm run bench:streams` with BENCH_NODE_FLAGS="--cpu-prof --cpu-prof-dir=…".
 */
const root = path.resolve(import.meta.dirname, '..');
const mode = process.argv[2] ?? '';
const stream = mode !== '' && mode !== 'json';
const messages = mode === 'messages' || mode === 'converted';
const slow = mode === 'slow';
const seconds = Number(process.argv[3] ?? 8);
const bare = process.argv[4] === 'bare';
const UPSTREAM_PORT = 28111;
const PORT = 28113;
const profiles = path.join(root, 'bench', 'profiles');

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
  /** Samples by source line, within this function's own time. */
  positionTicks?: { line: number; ticks: number }[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

async function main() {
  const stopUpstream = await startChatUpstream(slow ? 'slow' : 'json', UPSTREAM_PORT);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tollgate-prof-'));
  fs.mkdirSync(profiles, { recursive: true });
  const profileFile = path.join(profiles, `${bare ? 'bare' : 'tollgate'}-${mode || 'json'}.cpuprofile`);
  fs.rmSync(profileFile, { force: true });
  const sampler = ['--import', path.join(import.meta.dirname, 'cpu-sampler.mjs')];
  const entry = bare
    ? [...envFlags('BENCH_BARE_NODE_FLAGS'), '--import', 'tsx', ...sampler, 'bench/bare-proxy-main.ts', String(PORT), `http://127.0.0.1:${UPSTREAM_PORT}`]
    : [...TOLLGATE_NODE_FLAGS, ...envFlags('BENCH_NODE_FLAGS'), ...sampler, 'apps/server/dist/main.js'];
  const server = spawn('node', entry, {
    cwd: root,
    env: { ...process.env, CPU_PROFILE: profileFile, PORT: String(PORT), SQLITE_PATH: path.join(dataDir, 'one-api.db'), SESSION_SECRET: 'bench', GLOBAL_API_RATE_LIMIT: '0', CRITICAL_RATE_LIMIT: '0', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${PORT}`;
  await waitFor(bare ? url : `${url}/api/status`);
  const key = bare ? 'none' : await openAIChannelAndKey(url, `http://127.0.0.1:${UPSTREAM_PORT}`);
  if (!bare && mode === 'messages') await addAnthropicChannel(url, `http://127.0.0.1:${UPSTREAM_PORT}`);
  const requests = await load(url, key, 1); // warm-up (JIT, pools), outside the profile
  server.kill('SIGUSR2');
  const profiled = await load(url, key, seconds);
  server.kill('SIGUSR2');
  for (let i = 0; i < 100 && !fs.existsSync(profileFile); i += 1) await new Promise((resolve) => setTimeout(resolve, 200));
  console.log(`warm-up ${requests} requests, then ${profiled} profiled`);
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  stopUpstream();
  fs.rmSync(dataDir, { recursive: true, force: true });
  report(JSON.parse(fs.readFileSync(profileFile, 'utf8')) as CpuProfile, profiled);
}

/**
 * The load for `seconds` (for `slow`, 400 streams a second of it, all started together); resolves to the
 * number of requests answered.
 */
async function load(url: string, key: string, seconds: number): Promise<number> {
  if (slow) {
    const streams = Math.max(100, Math.round(400 * seconds));
    const failed = await sendChats('slow', url, key, streams);
    if (failed > 0) console.log(`${failed} streams failed`);
    return streams - failed;
  }
  const model = mode === 'messages' ? 'claude-bench' : 'gpt-4o-mini';
  const result = await autocannon({
    url: `${url}${messages ? '/v1/messages' : '/v1/chat/completions'}`,
    method: 'POST',
    connections: 50,
    duration: seconds,
    headers: { 'content-type': 'application/json', authorization: `Bearer sk-${key}` },
    body: JSON.stringify({ model, stream, ...(messages ? { max_tokens: 256 } : {}), messages: [{ role: 'user', content: 'Hello there, how are you?' }] }),
  });
  if (result.errors + result.non2xx > 0) console.log(`errors ${result.errors + result.non2xx}`);
  console.log(`${result.requests.average.toFixed(0)} req/s`);
  return result.requests.total;
}

/** Self time per function and per package, in microseconds per request, idle time left out. */
function report(profile: CpuProfile, requests: number) {
  dropProfilerSamples(profile);
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map<string, number>();
  const packages = new Map<string, number>();
  let busy = 0;
  profile.samples.forEach((id, i) => {
    const delta = profile.timeDeltas[i] ?? 0;
    const frame = byId.get(id)?.callFrame;
    if (!frame || frame.functionName === '(idle)') return;
    busy += delta;
    const file = frame.url.replace(/^file:\/\//, '').replace(root, '');
    const name = `${frame.functionName || '(anonymous)'} ${file}:${frame.lineNumber + 1}`;
    self.set(name, (self.get(name) ?? 0) + delta);
    const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(file)?.[1] ?? (file.startsWith('/apps') ? file.split('/').slice(0, 5).join('/') : file.startsWith('node:') ? 'node' : frame.functionName || '(vm)');
    packages.set(pkg, (packages.get(pkg) ?? 0) + delta);
  });
  // Samples are microseconds of CPU; startup (module loading, the root password hash) is counted too.
  const top = (map: Map<string, number>, n: number) =>
    [...map.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([name, t]) => `${(t / requests).toFixed(1).padStart(6)} µs  ${name}`)
      .join('\n');
  console.log(`busy ${(busy / requests).toFixed(1)} µs per request\n\nby package:\n${top(packages, 25)}\n\nby function:\n${top(self, 45)}`);
  console.log(`\nTollgate functions, inclusive (their own time and what they call):\n${top(inclusiveTollgate(profile, byId), 40)}`);
  console.log(`\nTollgate's hottest lines (samples in the line itself, V8 having inlined what it calls):\n${hotLines(profile, requests)}`);
}

/**
 * Takes out the samples of the profiler's own stop (bench/cpu-sampler.mjs writing the profile), which the
 * profile records as a native function of its own; their time is added to the next sample's delta so the
 * samples keep their times.
 */
function dropProfilerSamples(profile: CpuProfile) {
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const inSampler = (id: number) => {
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) if (byId.get(at)?.callFrame.url.endsWith('cpu-sampler.mjs')) return true;
    return false;
  };
  const samples: number[] = [];
  const deltas: number[] = [];
  let carried = 0;
  profile.samples.forEach((id, i) => {
    carried += profile.timeDeltas[i] ?? 0;
    if (inSampler(id)) return;
    samples.push(id);
    deltas.push(carried);
    carried = 0;
  });
  profile.samples = samples;
  profile.timeDeltas = deltas;
}

/**
 * The source lines of Tollgate's built code that took the most samples: a function's own time is often
 * one line (an object spread, a JSON.stringify) that the function-level view cannot point at.
 */
function hotLines(profile: CpuProfile, requests: number): string {
  const ticks = new Map<string, number>();
  let total = 0;
  for (const node of profile.nodes) for (const { ticks: count } of node.positionTicks ?? []) total += count;
  for (const node of profile.nodes) {
    const file = node.callFrame.url.replace(/^file:\/\//, '');
    if (!file.includes('/apps/server/dist/')) continue;
    for (const { line, ticks: count } of node.positionTicks ?? []) ticks.set(`${file}:${line}`, (ticks.get(`${file}:${line}`) ?? 0) + count);
  }
  // Ticks are samples; the profile's own sample times give their length.
  const busy = profile.timeDeltas.reduce((sum, delta) => sum + delta, 0);
  const perTick = total > 0 ? busy / profile.samples.length : 0;
  return [...ticks.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 20)
    .map(([at, count]) => {
      const [file = '', line = '0'] = at.split(/:(?=\d+$)/);
      const text = (fs.readFileSync(file, 'utf8').split('\n')[Number(line) - 1] ?? '').trim().slice(0, 100);
      return `${((count * perTick) / requests).toFixed(1).padStart(6)} µs  ${file.replace(root, '')}:${line}  ${text}`;
    })
    .join('\n');
}

/** Time per Tollgate function with everything below it on the stack: where a request's cost is decided. */
function inclusiveTollgate(profile: CpuProfile, byId: Map<number, ProfileNode>): Map<string, number> {
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const inclusive = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    const delta = profile.timeDeltas[i] ?? 0;
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const frame = byId.get(at)?.callFrame;
      if (!frame || frame.functionName === '(idle)') break;
      const file = frame.url.replace(/^file:\/\//, '').replace(root, '');
      if (!file.startsWith('/apps/server')) continue;
      const name = `${frame.functionName || '(anonymous)'} ${file}:${frame.lineNumber + 1}`;
      if (seen.has(name)) continue;
      seen.add(name);
      inclusive.set(name, (inclusive.get(name) ?? 0) + delta);
    }
  });
  return inclusive;
}

if (mode === 'report') report(JSON.parse(fs.readFileSync(process.argv[3] ?? '', 'utf8')) as CpuProfile, Number(process.argv[4]));
else await main();
