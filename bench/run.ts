import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { startFakeUpstream } from './fake-upstream.js';
import { TOLLGATE_NODE_FLAGS } from './node-flags.js';

/**
 * `npm run bench`: the fake upstream, then the bare Fastify+undici proxy and Tollgate (auth, routing,
 * billing and logging on, SQLite) each driven by autocannon with the same requests. Prints requests/s and
 * p50/p99 latency per target and scenario, Tollgate's ratio to the bare proxy, and Tollgate's RSS.
 */
const root = path.resolve(import.meta.dirname, '..');
const duration = Number(process.env.BENCH_DURATION ?? 10);
// Below the ephemeral range (32768+), where a closed connection could still hold the port in TIME-WAIT.
const UPSTREAM_PORT = 28101;
const BARE_PORT = 28102;
const TOLLGATE_PORT = 28103;
const body = (stream: boolean) => JSON.stringify({ model: 'gpt-4o-mini', stream, messages: [{ role: 'user', content: 'Hello there, how are you?' }] });

interface Scenario {
  name: string;
  connections: number;
  stream: boolean;
}
const SCENARIOS: Scenario[] = [
  { name: 'non-stream, 50 connections', connections: 50, stream: false },
  { name: 'stream, 50 connections', connections: 50, stream: true },
  { name: 'non-stream, 1 connection', connections: 1, stream: false },
];

interface Measurement {
  rps: number;
  mean: number;
  p50: number;
  p99: number;
  errors: number;
}

async function load(url: string, key: string, scenario: Scenario, seconds: number): Promise<Measurement> {
  const result = await autocannon({
    url: `${url}/v1/chat/completions`,
    method: 'POST',
    connections: scenario.connections,
    duration: seconds,
    headers: { 'content-type': 'application/json', authorization: `Bearer sk-${key}` },
    body: body(scenario.stream),
  });
  return { rps: result.requests.average, mean: result.latency.average, p50: result.latency.p50, p99: result.latency.p99, errors: result.errors + result.non2xx };
}

function startProcess(command: string, args: string[], env: Record<string, string>): ChildProcess {
  const child = spawn(command, args, { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'inherit'] });
  return child;
}

async function waitFor(url: string) {
  for (let i = 0; i < 100; i += 1) {
    try {
      const response = await fetch(url, { method: 'GET' });
      if (response.status < 500) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} did not start`);
}

/** Root signs in, adds a channel to the fake upstream and creates an unlimited key through the real API. */
async function provisionTollgate(url: string): Promise<string> {
  const login = await fetch(`${url}/api/user/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'root', password: '123456' }) });
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const api = (method: string, route: string, payload: unknown) =>
    fetch(`${url}${route}`, { method, headers: { cookie, 'content-type': 'application/json' }, body: JSON.stringify(payload) }).then((r) => r.json() as Promise<{ success: boolean; message: string; data: unknown }>);
  const channel = await api('POST', '/api/channel/', { name: 'bench', type: 1, key: 'upstream', base_url: `http://127.0.0.1:${UPSTREAM_PORT}`, models: 'gpt-4o-mini', group: 'default' });
  if (!channel.success) throw new Error(channel.message);
  const token = await api('POST', '/api/token/', { name: 'bench', unlimited_quota: true, expired_time: -1, remain_quota: 0 });
  if (!token.success) throw new Error(token.message);
  return (token.data as { key: string }).key;
}

const rssOf = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

async function measure(name: string, url: string, key: string) {
  const rows: Record<string, Measurement> = {};
  for (const scenario of SCENARIOS) {
    await load(url, key, scenario, 2); // warm-up: JIT, connection pools
    rows[scenario.name] = await load(url, key, scenario, scenario.connections === 1 ? Math.max(3, duration / 2) : duration);
    console.log(`${name.padEnd(9)} ${scenario.name.padEnd(28)} ${rows[scenario.name]!.rps.toFixed(0).padStart(7)} req/s  p50 ${rows[scenario.name]!.p50} ms  p99 ${rows[scenario.name]!.p99} ms  errors ${rows[scenario.name]!.errors}`);
  }
  return rows;
}

async function main() {
  const upstream = await startFakeUpstream(UPSTREAM_PORT);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tollgate-bench-'));
  const bare = startProcess('node', ['--import', 'tsx', 'bench/bare-proxy-main.ts', String(BARE_PORT), `http://127.0.0.1:${UPSTREAM_PORT}`], {});
  const tollgate = startProcess('node', [...TOLLGATE_NODE_FLAGS, 'apps/server/dist/main.js'], {
    PORT: String(TOLLGATE_PORT),
    SQLITE_PATH: path.join(dataDir, 'one-api.db'),
    SESSION_SECRET: 'bench',
    GLOBAL_API_RATE_LIMIT: '0',
    CRITICAL_RATE_LIMIT: '0',
    LOG_LEVEL: 'warn',
    SQL_DSN: '',
    REDIS_CONN_STRING: '',
  });
  try {
    await waitFor(`http://127.0.0.1:${BARE_PORT}/`);
    await waitFor(`http://127.0.0.1:${TOLLGATE_PORT}/api/status`);
    const key = await provisionTollgate(`http://127.0.0.1:${TOLLGATE_PORT}`);
    console.log(`duration ${duration}s per scenario, ${os.cpus().length} CPUs, Node ${process.version}\n`);
    const bareRows = await measure('bare', `http://127.0.0.1:${BARE_PORT}`, key);
    const tollgateRows = await measure('tollgate', `http://127.0.0.1:${TOLLGATE_PORT}`, key);
    const rss = rssOf(tollgate.pid ?? 0);
    console.log('\n| scenario | bare proxy req/s | Tollgate req/s | ratio | bare p50/p99 ms | Tollgate p50/p99 ms |');
    console.log('|---|---|---|---|---|---|');
    for (const scenario of SCENARIOS) {
      const b = bareRows[scenario.name]!;
      const t = tollgateRows[scenario.name]!;
      console.log(`| ${scenario.name} | ${b.rps.toFixed(0)} | ${t.rps.toFixed(0)} | ${(t.rps / b.rps).toFixed(2)} | ${b.p50} / ${b.p99} | ${t.p50} / ${t.p99} |`);
    }
    const one = SCENARIOS[2]!.name;
    // autocannon's percentiles are whole milliseconds; the mean shows sub-millisecond differences.
    const added = tollgateRows[one]!.mean - bareRows[one]!.mean;
    console.log(`\nadded latency at 1 connection: p50 ${tollgateRows[one]!.p50 - bareRows[one]!.p50} ms, mean ${added.toFixed(3)} ms; Tollgate RSS after load: ${rss.toFixed(0)} MB`);
  } finally {
    bare.kill();
    tollgate.kill('SIGTERM');
    upstream.close();
    await new Promise((resolve) => setTimeout(resolve, 500));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
