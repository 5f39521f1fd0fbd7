import { LogType } from '@tollgate/contract';
import { expect } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../src/db/connection.js';
import { parseDatabaseTarget } from '../src/db/dsn.js';
import { eventually } from './eventually.js';

/**
 * What the cluster tests do through the real HTTP API of a node (sign in, create users, keys, channels,
 * send chats), and the books they check afterwards, read from the shared database by a connection of the
 * test's own.
 */

interface Envelope<T> {
  success: boolean;
  message: string;
  data: T;
}

/** Signs in on the node at `url` and answers the session cookie, which every node accepts. */
export async function signIn(url: string, username: string, password: string): Promise<string> {
  const response = await fetch(`${url}/api/user/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username, password }) });
  const cookie = (response.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  if (!cookie) throw new Error(`could not sign in as ${username}: ${response.status} ${await response.text()}`);
  return cookie;
}

/** One console API call; throws with the server's message unless it succeeded. */
export async function api<T>(url: string, cookie: string, method: string, route: string, payload?: unknown): Promise<T> {
  const response = await fetch(`${url}${route}`, {
    method,
    headers: { cookie, ...(payload === undefined ? {} : { 'content-type': 'application/json' }) },
    body: payload === undefined ? undefined : JSON.stringify(payload),
  });
  const body = (await response.json()) as Envelope<T>;
  if (!body.success) throw new Error(`${method} ${route}: ${body.message}`);
  return body.data;
}

export interface Account {
  username: string;
  userId: number;
  tokenId: number;
  /** The API key, with its sk- prefix. */
  key: string;
  cookie: string;
  userQuota: number;
  keyQuota: number;
}

/** Root (signed in with `rootCookie`) creates a user with `userQuota`; the user makes a key of `keyQuota`. */
export async function createAccount(url: string, rootCookie: string, username: string, userQuota: number, keyQuota: number): Promise<Account> {
  const password = 'password123';
  await api(url, rootCookie, 'POST', '/api/user/', { username, password });
  const [user] = await api<{ id: number; username: string }[]>(url, rootCookie, 'GET', `/api/user/search?keyword=${username}`);
  if (!user) throw new Error(`user ${username} not found after creating it`);
  await api(url, rootCookie, 'PUT', '/api/user/', { id: user.id, quota: userQuota });
  const cookie = await signIn(url, username, password);
  const token = await api<{ id: number; key: string }>(url, cookie, 'POST', '/api/token/', { name: `${username}-key`, remain_quota: keyQuota, unlimited_quota: false, expired_time: -1 });
  return { username, userId: user.id, tokenId: token.id, key: `sk-${token.key}`, cookie, userQuota, keyQuota };
}

export interface Outcome {
  status: number;
  text: string;
}

/** A status of 0 stands for a refused or dropped connection. */
export async function chat(url: string, key: string, model: string, stream = false): Promise<Outcome> {
  try {
    const response = await fetch(`${url}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model, stream, messages: [{ role: 'user', content: 'count me' }] }),
    });
    return { status: response.status, text: await response.text() };
  } catch (error) {
    return { status: 0, text: String((error as Error).cause ?? error) };
  }
}

/** A complete answer: the whole JSON, or a stream that reached its end. */
export const answeredInFull = (outcome: Outcome) => outcome.status === 200 && (outcome.text.includes('"Hello from') || outcome.text.trimEnd().endsWith('data: [DONE]'));

/**
 * Keeps `concurrency` chats going, round robin over `urls`, until stopped, and answers every outcome:
 * traffic under which a test kills or disconnects something.
 */
export function steadyLoad(urls: string[], key: string, model: string, concurrency: number): { readonly done: number; stop(): Promise<Outcome[]> } {
  const outcomes: Outcome[] = [];
  let running = true;
  let next = 0;
  const worker = async () => {
    while (running) {
      const url = urls[next++ % urls.length] ?? '';
      outcomes.push(await chat(url, key, model, next % 2 === 0));
    }
  };
  const workers = Array.from({ length: concurrency }, worker);
  return {
    /** How many of its requests have had their answer (or failure) so far. */
    get done() {
      return outcomes.length;
    },
    async stop() {
      running = false;
      await Promise.all(workers);
      return outcomes;
    },
  };
}

export interface Books {
  userQuota: number;
  userUsed: number;
  requestCount: number;
  keyRemain: number;
  keyUsed: number;
  logCount: number;
  logQuota: number;
}

/** A connection of the test's own to the cluster's database, to read what the nodes wrote. */
export class Ledger {
  private constructor(private readonly handle: DatabaseHandle) {}

  static async open(sqlDsn: string): Promise<Ledger> {
    return new Ledger(await openDatabase(parseDatabaseTarget(sqlDsn, ''), { busyTimeoutMs: 5000, maxConnections: 2 }));
  }

  async books(account: Account): Promise<Books> {
    const { db } = this.handle;
    const user = await db.selectFrom('users').select(['quota', 'used_quota', 'request_count']).where('id', '=', account.userId).executeTakeFirstOrThrow();
    const token = await db.selectFrom('tokens').select(['remain_quota', 'used_quota']).where('id', '=', account.tokenId).executeTakeFirstOrThrow();
    const logs = await db
      .selectFrom('logs')
      .select((eb) => [eb.fn.countAll<number>().as('count'), eb.fn.coalesce(eb.fn.sum<number>('quota'), eb.lit(0)).as('quota')])
      .where('type', '=', LogType.Consume)
      .where('user_id', '=', account.userId)
      .executeTakeFirstOrThrow();
    return {
      userQuota: Number(user.quota),
      userUsed: Number(user.used_quota),
      requestCount: Number(user.request_count),
      keyRemain: Number(token.remain_quota),
      keyUsed: Number(token.used_quota),
      logCount: Number(logs.count),
      logQuota: Number(logs.quota),
    };
  }

  /**
   * Waits until `count` consume logs of the account are written (the nodes flush every second) and the
   * counters have caught up with them: each node writes both in one flush, but the two flush apart.
   */
  waitForLogs(account: Account, count: number, timeoutMs = 10_000): Promise<Books> {
    return eventually(
      async () => {
        const books = await this.books(account);
        expect({ logs: books.logCount, requests: books.requestCount, userUsed: books.userUsed, keyUsed: books.keyUsed }).toEqual({ logs: count, requests: count, userUsed: books.logQuota, keyUsed: books.logQuota });
        return books;
      },
      { timeout: timeoutMs, interval: 200 },
    );
  }

  close(): Promise<void> {
    return this.handle.destroy();
  }
}

/**
 * Every answered request is logged once and charged once, everywhere the charge shows: the user's balance
 * and used quota, the key's remaining and used quota, and the sum of the consume logs all agree.
 */
export function expectBooksBalance(account: Account, books: Books, answered: number): void {
  expect(books.logCount).toBe(answered);
  expect(books.requestCount).toBe(answered);
  expect(books.logQuota).toBeGreaterThan(0);
  expect(books.userUsed).toBe(books.logQuota);
  expect(books.userQuota).toBe(account.userQuota - books.logQuota);
  expect(books.keyUsed).toBe(books.logQuota);
  expect(books.keyRemain).toBe(account.keyQuota - books.logQuota);
}
