import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { startFakeUpstream } from './fake-upstream.js';
import { envFlags } from './node-flags.js';
import { addAnthropicChannel, openAIChannelAndKey, ROOT, startTollgate, waitFor } from './tollgate-server.js';
import { freePorts } from './free-ports.js';

/**
 * `npm run bench`: the fake upstream, then the bare Fastify+undici proxy and Tollgate (auth, routing,
 * billing and logging on, SQLite) each driven by autocannon with the same requests. Prints requests/s and
 * p50/p99 latency per target and scenario, Tollgate's ratio to the bare proxy, and Tollgate's RSS.
 *
 * The machines this runs on are shared, and their speed drifts by up to 2x within a minute. So each
 * scenario is measured in BENCH_ROUNDS rounds that alternate the two targets (bare then Tollgate, then
 * Tollgate then bare, ...): a slowdown falls on both alike, each round gives one ratio, and the median of
 * the rounds is reported with their spread.
 *
 * The fake upstream runs in the load generator's process, as for every figure in the README's history;
 * BENCH_UPSTREAM_PROCESS=1 runs it in a process of its own, as bench/perf-compare.ts does (an upstream is
 * another service). Twelve runs on 2026-11-27 put Tollgate's stream ratio at 0.74-1.06 (median 0.81) that
 * way and 0.65-0.88 (median 0.76) this way: no difference the hour's noise lets one tell.
 *
 * BENCH_TREE measures the build in another checkout (a git worktree, built) instead of this one, with
 * BENCH_NODE_FLAGS added to `npm start`'s V8 flags (a later flag wins), to measure an earlier build in the
 * same hour as this one; BENCH_BARE_NODE_FLAGS are the bare proxy's (Tollgate's semi-spaces, say).
 */

/** Seconds each target is driven per scenario, split over the rounds. */
const duration = Number(process.env.BENCH_DURATION ?? 15);
const rounds = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 5));
// Below the ephemeral range (32768+), where a closed connection could still hold the port in TIME-WAIT.
const [UPSTREAM_PORT, BARE_PORT, TOLLGATE_PORT] = (await freePorts(3)) as [number, number, number];
const MESSAGES = [{ role: 'user', content: 'Hello there, how are you?' }];
const chatBody = (stream: boolean) => JSON.stringify({ model: 'gpt-4o-mini', stream, messages: MESSAGES });
const messagesBody = (model: string, stream: boolean) => JSON.stringify({ model, max_tokens: 256, stream, messages: MESSAGES });
/** A Responses request as Codex sends it (a function tool, the encrypted reasoning asked back), for a Claude model. */
const responsesBody = (model: string) =>
  JSON.stringify({
    model,
    stream: true,
    store: false,
    input: [{ type: 'message', role: 'user', content: [{ type: 'input_text', text: MESSAGES[0]!.content }] }],
    tools: [{ type: 'function', name: 'exec_command', parameters: { type: 'object', properties: { cmd: { type: 'string' } }, required: ['cmd'] } }],
    include: ['reasoning.encrypted_content'],
    max_output_tokens: 256,
  });

interface Scenario {
  name: string;
  connections: number;
  path: string;
  body: string;
}
/**
 * The OpenAI surface, then Anthropic clients: passed through to an Anthropic channel, and converted to an
 * OpenAI channel, and a Responses client (Codex) converted to an Anthropic channel. The bare proxy forwards
 * the same request untouched to the upstream's path (a stream of the same size comes back), so a
 * conversion's ratio is its cost against a passthrough floor. BENCH_SCENARIOS=openai or =anthropic runs one half.
 */
const ALL_SCENARIOS: (Scenario & { group: 'openai' | 'anthropic' })[] = [
  { group: 'openai', name: 'non-stream, 50 connections', connections: 50, path: '/v1/chat/completions', body: chatBody(false) },
  { group: 'openai', name: 'stream, 50 connections', connections: 50, path: '/v1/chat/completions', body: chatBody(true) },
  { group: 'openai', name: 'non-stream, 1 connection', connections: 1, path: '/v1/chat/completions', body: chatBody(false) },
  { group: 'openai', name: 'stream, 1 connection', connections: 1, path: '/v1/chat/completions', body: chatBody(true) },
  { group: 'anthropic', name: 'Anthropic passthrough, stream, 50', connections: 50, path: '/v1/messages', body: messagesBody('claude-bench', true) },
  { group: 'anthropic', name: 'Anthropic to OpenAI, stream, 50', connections: 50, path: '/v1/messages', body: messagesBody('gpt-4o-mini', true) },
  { group: 'anthropic', name: 'Responses to Anthropic, stream, 50', connections: 50, path: '/v1/responses', body: responsesBody('claude-bench') },
];
const SCENARIOS = ALL_SCENARIOS.filter((scenario) => !process.env.BENCH_SCENARIOS || scenario.group === process.env.BENCH_SCENARIOS);

interface Measurement {
  rps: number;
  mean: number;
  p50: number;
  p99: number;
  errors: number;
}

interface Target {
  url: string;
  pid: number;
}

async function load(target: Target, key: string, scenario: Scenario, seconds: number): Promise<Measurement> {
  const result = await autocannon({
    url: `${target.url}${scenario.path}`,
    method: 'POST',
    connections: scenario.connections,
    duration: seconds,
    headers: { 'content-type': 'application/json', authorization: `Bearer sk-${key}` },
    body: scenario.body,
  });
  return { rps: result.requests.average, mean: result.latency.average, p50: result.latency.p50, p99: result.latency.p99, errors: result.errors + result.non2xx };
}

function startProcess(command: string, args: string[], env: Record<string, string>): ChildProcess {
  const child = spawn(command, args, { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'inherit'] });
  return child;
}

/** Root adds the OpenAI and Anthropic channels to the fake upstream and creates an unlimited key, through the real API. */
async function provisionTollgate(url: string): Promise<string> {
  const upstreamUrl = `http://127.0.0.1:${UPSTREAM_PORT}`;
  const key = await openAIChannelAndKey(url, upstreamUrl);
  await addAnthropicChannel(url, upstreamUrl);
  return key;
}

const rssOf = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/** The medians of a target's rounds. */
const summary = (runs: Measurement[]): Measurement => ({
  rps: median(runs.map((run) => run.rps)),
  mean: median(runs.map((run) => run.mean)),
  p50: median(runs.map((run) => run.p50)),
  p99: median(runs.map((run) => run.p99)),
  errors: runs.reduce((sum, run) => sum + run.errors, 0),
});

interface ScenarioResult {
  bare: Measurement;
  tollgate: Measurement;
  ratios: number[];
}

/** One scenario, in rounds that alternate the targets; Tollgate's RSS is sampled while it is under load. */
async function measure(scenario: Scenario, bare: Target, tollgate: Target, key: string, peakRss: { mb: number }): Promise<ScenarioResult> {
  const seconds = Math.max(2, Math.round(duration / rounds));
  for (const target of [bare, tollgate]) await load(target, key, scenario, 2); // warm-up: JIT, connection pools
  const runs = { bare: [] as Measurement[], tollgate: [] as Measurement[] };
  for (let round = 0; round < rounds; round += 1) {
    const order = round % 2 === 0 ? [bare, tollgate] : [tollgate, bare];
    for (const target of order) {
      const sampler = target === tollgate ? setInterval(() => (peakRss.mb = Math.max(peakRss.mb, rssOf(tollgate.pid))), 250) : undefined;
      const run = await load(target, key, scenario, seconds);
      clearInterval(sampler);
      runs[target === bare ? 'bare' : 'tollgate'].push(run);
    }
    const [b, t] = [runs.bare[round]!, runs.tollgate[round]!];
    console.log(`${scenario.name.padEnd(28)} round ${round + 1}: bare ${b.rps.toFixed(0).padStart(6)} req/s, Tollgate ${t.rps.toFixed(0).padStart(6)} req/s, ratio ${(t.rps / b.rps).toFixed(2)}`);
  }
  return { bare: summary(runs.bare), tollgate: summary(runs.tollgate), ratios: runs.tollgate.map((run, round) => run.rps / runs.bare[round]!.rps) };
}

async function main() {
  const inProcess = process.env.BENCH_UPSTREAM_PROCESS !== '1';
  const upstreamProcess = inProcess ? undefined : startProcess('node', ['--import', 'tsx', 'bench/fake-upstream-main.ts', String(UPSTREAM_PORT)], {});
  const upstream = inProcess ? await startFakeUpstream(UPSTREAM_PORT) : undefined;
  await waitFor(`http://127.0.0.1:${UPSTREAM_PORT}/`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tollgate-bench-'));
  const bareProcess = startProcess('node', [...envFlags('BENCH_BARE_NODE_FLAGS'), '--import', 'tsx', 'bench/bare-proxy-main.ts', String(BARE_PORT), `http://127.0.0.1:${UPSTREAM_PORT}`], {});
  const tree = process.env.BENCH_TREE;
  const tollgateProcess = startTollgate(TOLLGATE_PORT, dataDir, { nodeFlags: envFlags('BENCH_NODE_FLAGS'), ...(tree ? { tree } : {}) });
  try {
    const bare: Target = { url: `http://127.0.0.1:${BARE_PORT}`, pid: bareProcess.pid ?? 0 };
    const tollgate: Target = { url: `http://127.0.0.1:${TOLLGATE_PORT}`, pid: tollgateProcess.pid ?? 0 };
    await waitFor(`${bare.url}/`);
    await waitFor(`${tollgate.url}/api/status`);
    const key = await provisionTollgate(tollgate.url);
    console.log(`${rounds} rounds of ${Math.max(2, Math.round(duration / rounds))} s per target and scenario, ${os.cpus().length} CPUs, Node ${process.version}\n`);
    const peakRss = { mb: 0 };
    const results = new Map<string, ScenarioResult>();
    for (const scenario of SCENARIOS) results.set(scenario.name, await measure(scenario, bare, tollgate, key, peakRss));
    const rss = rssOf(tollgate.pid);
    console.log('\n| scenario | bare proxy req/s | Tollgate req/s | ratio (median, range) | bare p50/p99 ms | Tollgate p50/p99 ms |');
    console.log('|---|---|---|---|---|---|');
    for (const scenario of SCENARIOS) {
      const { bare: b, tollgate: t, ratios } = results.get(scenario.name)!;
      const range = `${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)}`;
      console.log(`| ${scenario.name} | ${b.rps.toFixed(0)} | ${t.rps.toFixed(0)} | ${median(ratios).toFixed(2)} (${range}) | ${b.p50} / ${b.p99} | ${t.p50} / ${t.p99} |`);
    }
    const one = results.get('non-stream, 1 connection');
    const errors = [...results.values()].reduce((sum, result) => sum + result.bare.errors + result.tollgate.errors, 0);
    // autocannon's percentiles are whole milliseconds; the mean shows sub-millisecond differences.
    if (one) console.log(`\nadded latency at 1 connection: p50 ${one.tollgate.p50 - one.bare.p50} ms, mean ${(one.tollgate.mean - one.bare.mean).toFixed(3)} ms`);
    console.log(`Tollgate RSS: peak under load ${peakRss.mb.toFixed(0)} MB, after load ${rss.toFixed(0)} MB; failed requests: ${errors}`);
  } finally {
    bareProcess.kill();
    tollgateProcess.kill('SIGTERM');
    upstream?.close();
    upstreamProcess?.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 500));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
