import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { UpstreamClient } from './upstream-client.js';

/**
 * The upstream client's connection pool against a real server: concurrent calls to one origin are not
 * queued behind a fixed cap, RELAY_MAX_CONNECTIONS caps them when set, and idle connections are closed.
 */
interface Barrier {
  url: string;
  /** Connections the server has open now, and the most it ever had at once. */
  open(): number;
  peak(): number;
  close(): Promise<void>;
}

/** A server that answers nobody until `count` calls are waiting at once, then everyone together. */
async function barrierServer(count: number): Promise<Barrier> {
  const waiting: http.ServerResponse[] = [];
  const sockets = new Set<Socket>();
  let peak = 0;
  const server = http.createServer((_req, res) => {
    waiting.push(res);
    if (waiting.length < count) return;
    for (const held of waiting.splice(0)) held.end('ok');
  });
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    peak = Math.max(peak, sockets.size);
    socket.on('close', () => sockets.delete(socket));
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    open: () => sockets.size,
    peak: () => peak,
    close: async () => {
      for (const held of waiting.splice(0)) held.end('closing');
      server.closeAllConnections();
      server.close();
      await once(server, 'close');
    },
  };
}

const call = async (client: UpstreamClient, url: string) => {
  const response = await client.send({ url, method: 'GET', headers: {} });
  return response.body.text();
};

describe('the upstream connection pool', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0)) await cleanup();
  });

  it.each([
    ['HTTP/1.1 only', false],
    ['HTTP/2 offered to TLS upstreams (the default), this one plain http', true],
  ])('opens a connection for every concurrent call to one origin: 700 calls that wait for each other all finish (%s)', async (_name, http2) => {
    // A fixed cap below 700 (one-api's and Tollgate's earlier 512) would leave the barrier waiting forever,
    // and so would a plain connection given several calls at once (HTTP/1.1 pipelining).
    const server = await barrierServer(700);
    const client = new UpstreamClient({ timeoutSeconds: 0, http2 });
    cleanups.push(() => client.close(), () => server.close());
    const answers = await Promise.all(Array.from({ length: 700 }, () => call(client, server.url)));
    expect(answers.every((answer) => answer === 'ok')).toBe(true);
    expect(server.peak()).toBe(700);
  });

  it('holds calls beyond RELAY_MAX_CONNECTIONS until a connection is free', async () => {
    const server = await barrierServer(1);
    const client = new UpstreamClient({ timeoutSeconds: 0, maxConnections: 3 });
    cleanups.push(() => client.close(), () => server.close());
    const answers = await Promise.all(Array.from({ length: 30 }, () => call(client, server.url)));
    expect(answers).toHaveLength(30);
    expect(server.peak()).toBeLessThanOrEqual(3);
  });

  it('closes connections left idle for RELAY_IDLE_TIMEOUT, so the pool shrinks after a peak', async () => {
    const server = await barrierServer(20);
    const client = new UpstreamClient({ timeoutSeconds: 0, idleSeconds: 1 });
    cleanups.push(() => client.close(), () => server.close());
    await Promise.all(Array.from({ length: 20 }, () => call(client, server.url)));
    expect(server.open()).toBe(20);
    await expect.poll(() => server.open(), { timeout: 4000, interval: 100 }).toBe(0);
  });
});
