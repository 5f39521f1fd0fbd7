import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { TOLLGATE_NODE_FLAGS } from './node-flags.js';

/** The repository's root, where every benchmark runs its processes. */
export const ROOT = path.resolve(import.meta.dirname, '..');

/**
 * Tollgate as `npm start` runs it (built, with its node flags), on a fresh SQLite file in `dataDir`, with
 * the /api rate limits off and only warnings logged, so the load is all the benchmark measures. `nodeFlags`
 * are added to `npm start`'s, `startFlags` replace them; `tree` runs another checkout's build; `stdout: 'pipe'`
 * keeps its standard output for the caller to read (V8's `--trace-gc-nvp` lines).
 */
export function startTollgate(
  port: number,
  dataDir: string,
  options: { env?: Record<string, string>; nodeFlags?: string[]; startFlags?: string[]; tree?: string; stdout?: 'ignore' | 'pipe' } = {},
): ChildProcess {
  return spawn(process.execPath, [...(options.startFlags ?? TOLLGATE_NODE_FLAGS), ...(options.nodeFlags ?? []), 'apps/server/dist/main.js'], {
    cwd: options.tree ?? ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      SQLITE_PATH: path.join(dataDir, 'one-api.db'),
      SESSION_SECRET: 'bench',
      GLOBAL_API_RATE_LIMIT: '0',
      CRITICAL_RATE_LIMIT: '0',
      LOG_LEVEL: 'warn',
      SQL_DSN: '',
      REDIS_CONN_STRING: '',
      ...options.env,
    },
    stdio: ['ignore', options.stdout ?? 'ignore', 'inherit'],
  });
}

/** Waits until `url` answers below 500 (a server that has started), for 15 s at most. */
export async function waitFor(url: string): Promise<void> {
  for (let i = 0; i < 150; i += 1) {
    const answered = await fetch(url).then((response) => response.status < 500, () => false);
    if (answered) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} did not start`);
}

/** Calls the console API as root; a call the server refuses throws with its message. */
export type AdminApi = (method: 'POST' | 'PUT', route: string, payload: unknown) => Promise<unknown>;

export async function signInAsRoot(url: string): Promise<AdminApi> {
  const login = await fetch(`${url}/api/user/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'root', password: '123456' }) });
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  return async (method, route, payload) => {
    const response = await fetch(`${url}${route}`, { method, headers: { cookie, 'content-type': 'application/json' }, body: JSON.stringify(payload) });
    const body = (await response.json()) as { success: boolean; message: string; data: unknown };
    if (!body.success) throw new Error(`${method} ${route}: ${body.message}`);
    return body.data;
  };
}

/** An unlimited key, through the real API. */
export async function unlimitedKey(api: AdminApi, name = 'bench'): Promise<string> {
  return ((await api('POST', '/api/token/', { name, unlimited_quota: true, expired_time: -1, remain_quota: 0 })) as { key: string }).key;
}

/**
 * Root adds an OpenAI channel for gpt-4o-mini to `upstreamUrl` and makes an unlimited key for it, after
 * setting the options `BENCH_OPTIONS` gives as a JSON object (`{"LogConsumeEnabled":"false"}` measures the
 * relay without consume logs).
 */
export async function openAIChannelAndKey(url: string, upstreamUrl: string, name = 'bench'): Promise<string> {
  const api = await signInAsRoot(url);
  const options = JSON.parse(process.env.BENCH_OPTIONS ?? '{}') as Record<string, string>;
  for (const [key, value] of Object.entries(options)) await api('PUT', '/api/option/', { key, value: String(value) });
  await api('POST', '/api/channel/', { name, type: 1, key: 'upstream', base_url: upstreamUrl, models: 'gpt-4o-mini', group: 'default' });
  return unlimitedKey(api, name);
}

/**
 * Root adds an Anthropic channel for `claude-bench` to `upstreamUrl` and prices it beside gpt-4o-mini, for the
 * benchmarks' `/v1/messages` requests: passed through to it, or converted to the OpenAI channel.
 */
export async function addAnthropicChannel(url: string, upstreamUrl: string): Promise<void> {
  const api = await signInAsRoot(url);
  await api('POST', '/api/channel/', { name: 'bench-anthropic', type: 14, key: 'upstream', base_url: upstreamUrl, models: 'claude-bench', group: 'default' });
  await api('PUT', '/api/option/', { key: 'ModelRatio', value: JSON.stringify({ 'gpt-4o-mini': 0.075, 'claude-bench': 1.5 }) });
}
