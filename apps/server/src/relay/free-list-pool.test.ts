import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { errors } from 'undici';
import { afterEach, describe, expect, it } from 'vitest';
import { FreeListPool } from './free-list-pool.js';

/**
 * The pool of connections to one origin against a real server: which connection a call gets, how the pool
 * shrinks, and what happens to calls that wait for a connection when the origin cannot be reached or the
 * pool is closed.
 */
interface Server {
  origin: string;
  /** The connection (numbered in order of arrival) each request came on. */
  connectionOf: number[];
  /** Answers every held request. */
  release(): void;
  close(): Promise<void>;
}

/** Answers `ok` at once, or holds each request until `release` when `hold` is set. */
async function startServer(hold = false): Promise<Server> {
  const held: http.ServerResponse[] = [];
  const connectionOf: number[] = [];
  const numbers = new WeakMap<Socket, number>();
  let connections = 0;
  const server = http.createServer((req, res) => {
    connectionOf.push(numbers.get(req.socket) ?? -1);
    if (hold) held.push(res);
    else res.end('ok');
  });
  server.on('connection', (socket: Socket) => numbers.set(socket, (connections += 1)));
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    connectionOf,
    release: () => {
      for (const res of held.splice(0)) res.end('ok');
    },
    close: async () => {
      server.closeAllConnections();
      server.close();
      await once(server, 'close');
    },
  };
}

const get = async (pool: FreeListPool) => {
  const response = await pool.request({ path: '/', method: 'GET' });
  return response.body.text();
};

describe('the free-list connection pool', () => {
  const cleanups: (() => Promise<unknown>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  it('opens a connection per concurrent call, then gives calls the connection freed last, so the others can idle out', async () => {
    const server = await startServer(true);
    const pool = new FreeListPool(server.origin, { keepAliveTimeout: 60_000 });
    cleanups.push(() => server.close(), () => pool.destroy());
    const burst = Array.from({ length: 20 }, () => get(pool));
    await expect.poll(() => server.connectionOf.length).toBe(20);
    server.release();
    await Promise.all(burst);
    expect(new Set(server.connectionOf).size).toBe(20);
    expect(pool.size).toBe(20);

    const before = server.connectionOf.length;
    // Each call comes a turn after the last was answered, as calls do: by then its connection has said it is free.
    const aTurnLater = () => new Promise((resolve) => setImmediate(resolve));
    for (let i = 0; i < 5; i += 1) {
      await aTurnLater();
      const answer = get(pool);
      await expect.poll(() => server.connectionOf.length).toBe(before + i + 1);
      server.release();
      expect(await answer).toBe('ok');
    }
    // The connection freed last: a pool that rotated through its free connections would use five.
    const sequential = server.connectionOf.slice(before);
    expect(new Set(sequential).size).toBe(1);
    expect(pool.size).toBe(20);
  });

  it('drops the connections that close while free: after a peak, the pool shrinks with RELAY_IDLE_TIMEOUT', async () => {
    const server = await startServer(true);
    const pool = new FreeListPool(server.origin, { keepAliveTimeout: 300, keepAliveMaxTimeout: 300 });
    cleanups.push(() => server.close(), () => pool.destroy());
    const burst = Array.from({ length: 20 }, () => get(pool));
    await expect.poll(() => server.connectionOf.length).toBe(20);
    server.release();
    await Promise.all(burst);
    expect(pool.size).toBe(20);
    await expect.poll(() => pool.size, { timeout: 3000, interval: 50 }).toBe(0);
    // A call afterwards opens a connection again.
    const next = get(pool);
    await expect.poll(() => server.connectionOf.length).toBe(21);
    server.release();
    expect(await next).toBe('ok');
  });

  it('holds calls beyond its connections in order and serves them as connections free up', async () => {
    const server = await startServer();
    const pool = new FreeListPool(server.origin, { connections: 2 });
    cleanups.push(() => server.close(), () => pool.destroy());
    const answers = await Promise.all(Array.from({ length: 25 }, () => get(pool)));
    expect(answers.every((answer) => answer === 'ok')).toBe(true);
    expect(new Set(server.connectionOf).size).toBe(2);
    expect(pool.size).toBe(2);
  });

  it('fails the calls waiting for a connection to an origin that refuses connections, rather than holding them', async () => {
    const server = await startServer();
    const origin = server.origin;
    await server.close();
    const pool = new FreeListPool(origin, { connections: 2 });
    cleanups.push(() => pool.destroy());
    const outcomes = await Promise.allSettled(Array.from({ length: 6 }, () => get(pool)));
    expect(outcomes.map((outcome) => outcome.status)).toEqual(Array(6).fill('rejected'));
    expect(pool.size).toBe(0);
  });

  it('closes once its calls are answered, refusing new ones; destroying it fails the calls still waiting', async () => {
    const server = await startServer(true);
    const pool = new FreeListPool(server.origin, { connections: 1 });
    cleanups.push(() => server.close());
    const running = get(pool);
    await expect.poll(() => server.connectionOf.length).toBe(1);
    const closed = pool.close();
    await expect(get(pool)).rejects.toBeInstanceOf(errors.ClientClosedError);
    server.release();
    expect(await running).toBe('ok');
    await closed;

    const other = new FreeListPool(server.origin, { connections: 1 });
    const outcomes = Promise.allSettled([get(other), get(other)]);
    await expect.poll(() => server.connectionOf.length).toBe(2);
    await other.destroy(new Error('shutting down'));
    const [first, waiting] = await outcomes;
    expect(first?.status).toBe('rejected');
    expect(waiting).toEqual({ status: 'rejected', reason: new Error('shutting down') });
  });
});
