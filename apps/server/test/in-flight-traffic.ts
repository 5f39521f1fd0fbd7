import net from 'node:net';
import { LogType } from '@tollgate/contract';
import { expect } from 'vitest';
import { openDatabase } from '../src/db/connection.js';
import { parseDatabaseTarget } from '../src/db/dsn.js';
import { FakeOpenAI } from './fake-openai.js';

/**
 * Helpers for tests that stop a server with requests still in flight (graceful shutdown, in process or by
 * SIGTERM to a spawned one). Everything goes through the real HTTP API, and what the server wrote is read
 * afterwards through a database connection of the test's own, since the server's is closed by then.
 */

/** A local port nothing listens on: connecting to it is refused, and a server may be started on it. */
export async function unusedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

interface Envelope<T> {
  success: boolean;
  message: string;
  data: T;
}

export interface Provisioned {
  key: string;
  cookie: string;
}

/** Root signs in, points one channel per model at its upstream and makes itself an unlimited key. */
export async function provisionRoot(url: string, channels: { model: string; baseUrl: string }[]): Promise<Provisioned> {
  const login = await fetch(`${url}/api/user/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'root', password: '123456' }) });
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const api = async <T>(route: string, payload: unknown) => {
    const response = await fetch(`${url}${route}`, { method: 'POST', headers: { cookie, 'content-type': 'application/json' }, body: JSON.stringify(payload) });
    const body = (await response.json()) as Envelope<T>;
    if (!body.success) throw new Error(`${route}: ${body.message}`);
    return body.data;
  };
  for (const { model, baseUrl } of channels) await api('/api/channel/', { name: model, type: 1, key: 'upstream-key', base_url: baseUrl, models: model, group: 'default' });
  const token = await api<{ key: string }>('/api/token/', { name: 'leaving', unlimited_quota: true, expired_time: -1, remain_quota: 0 });
  return { key: token.key, cookie };
}

export interface Balance {
  quota: number;
  used_quota: number;
  request_count: number;
}

/** Root's balance and counters as the console reads them. */
export async function rootBalance(url: string, cookie: string): Promise<Balance> {
  const response = await fetch(`${url}/api/user/self`, { headers: { cookie } });
  const { data } = (await response.json()) as Envelope<Balance>;
  return { quota: Number(data.quota), used_quota: Number(data.used_quota), request_count: Number(data.request_count) };
}

export interface Answer {
  stream: boolean;
  status: number;
  text: string;
}

/**
 * Two upstreams slow enough that a shutdown finds requests inside the server: plain answers after 800 ms,
 * streams of eight chunks 100 ms apart.
 */
export class SlowUpstreams {
  readonly plain = new FakeOpenAI('slow');
  readonly streamer = new FakeOpenAI('streamer');

  async start(): Promise<this> {
    await this.plain.start();
    this.plain.behaviour = { delayMs: 800 };
    await this.streamer.start();
    this.streamer.behaviour = { chunks: 8, chunkDelayMs: 100 };
    return this;
  }

  /**
   * Points root's channels at both upstreams, then sends 10 plain and 10 streamed chats through the server at
   * `url`, and resolves once all 20 are inside it, with root's balance before them and their answers to come.
   */
  async sendTwentyChats(url: string): Promise<{ before: Balance; answers: Promise<Answer[]> }> {
    const { key, cookie } = await provisionRoot(url, [
      { model: 'gpt-4o-mini', baseUrl: this.plain.baseUrl },
      { model: 'gpt-4o', baseUrl: this.streamer.baseUrl },
    ]);
    const before = await rootBalance(url, cookie);
    const answers = sendChats(url, key, [
      { model: 'gpt-4o-mini', stream: false, count: 10 },
      { model: 'gpt-4o', stream: true, count: 10 },
    ]);
    await expect.poll(() => this.plain.received.length + this.streamer.received.length).toBe(20);
    return { before, answers };
  }

  async stop(): Promise<void> {
    await this.plain.stop();
    await this.streamer.stop();
  }
}

/** Sends `count` chats per entry at once and reads every answer to its end. */
export function sendChats(url: string, key: string, batches: { model: string; stream: boolean; count: number }[]): Promise<Answer[]> {
  const one = async (model: string, stream: boolean): Promise<Answer> => {
    const response = await fetch(`${url}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer sk-${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model, stream, messages: [{ role: 'user', content: 'see you' }] }),
    });
    return { stream, status: response.status, text: await response.text() };
  };
  return Promise.all(batches.flatMap(({ model, stream, count }) => Array.from({ length: count }, () => one(model, stream))));
}

export interface Written {
  logs: { quota: number; is_stream: boolean }[];
  root: Balance;
  channelsUsed: number;
}

/** The consume logs, root's balance and the channels' used quota, read from the database the server left. */
export async function readWritten(env: Record<string, string | undefined>): Promise<Written> {
  const handle = await openDatabase(parseDatabaseTarget(env.SQL_DSN, env.SQLITE_PATH ?? ''), { busyTimeoutMs: 5000, maxConnections: 1 });
  try {
    const logs = await handle.db.selectFrom('logs').select(['quota', 'is_stream']).where('type', '=', LogType.Consume).execute();
    const root = await handle.db.selectFrom('users').select(['quota', 'used_quota', 'request_count']).where('username', '=', 'root').executeTakeFirstOrThrow();
    const channels = await handle.db.selectFrom('channels').select('used_quota').execute();
    return {
      logs: logs.map((log) => ({ quota: Number(log.quota), is_stream: Boolean(log.is_stream) })),
      root: { quota: Number(root.quota), used_quota: Number(root.used_quota), request_count: Number(root.request_count) },
      channelsUsed: channels.reduce((sum, channel) => sum + Number(channel.used_quota), 0),
    };
  } finally {
    await handle.destroy();
  }
}

/**
 * Every request was answered in full, and each one has its consume log and its charge on root's balance,
 * counters and the channels' used quota: nothing accepted before the shutdown was lost.
 */
export function expectAllWritten(answers: Answer[], before: Balance, written: Written): void {
  expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200));
  for (const answer of answers) expect(answer.stream ? answer.text.trimEnd().endsWith('data: [DONE]') : answer.text.includes('"Hello from')).toBe(true);
  expect(written.logs).toHaveLength(answers.length);
  expect(written.logs.filter((log) => log.is_stream)).toHaveLength(answers.filter((answer) => answer.stream).length);
  expect(written.logs.every((log) => log.quota > 0)).toBe(true);
  const charged = written.logs.reduce((sum, log) => sum + log.quota, 0);
  expect(written.root.request_count - before.request_count).toBe(answers.length);
  expect(before.quota - written.root.quota).toBe(charged);
  expect(written.root.used_quota - before.used_quota).toBe(charged);
  expect(written.channelsUsed).toBe(charged);
}
