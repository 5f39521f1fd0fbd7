import type { Redis } from 'ioredis';
import { afterEach, describe, expect, it } from 'vitest';
import { FallbackRateLimitStore, MemoryRateLimitStore, RedisRateLimitStore } from '../http/rate-limit.js';
import { eventually } from '../../test/eventually.js';
import { PrivateRedis } from '../../test/private-redis.js';
import { connectRedis, type RedisHealth } from './redis-connection.js';

/**
 * A node's Redis connection through an outage, on a private redis-server the test kills: the health
 * signal follows it, the outage is logged once each way however many reconnect attempts it takes, and
 * the rate limits count in process meanwhile and in Redis again afterwards.
 */
describe('a Redis that goes away and comes back', () => {
  const cleanups: (() => unknown)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  const logged: string[] = [];
  const record = (level: string) => (first: unknown, message?: string) => void logged.push(`${level} ${message ?? String(first)}`);
  const log = { info: record('info'), warn: record('warn') };

  async function connect(server: PrivateRedis): Promise<{ redis: Redis; health: RedisHealth }> {
    logged.length = 0;
    const connection = await connectRedis(server.url, log);
    cleanups.push(() => connection.redis.disconnect());
    return connection;
  }

  it('falls back to in-process limits, logs once each way, and counts in Redis again once back', { timeout: 15_000 }, async () => {
    const server = await PrivateRedis.start();
    cleanups.push(() => server.kill());
    const { redis, health } = await connect(server);
    const limits = new FallbackRateLimitStore(new RedisRateLimitStore(redis), new MemoryRateLimitStore(), () => health.healthy);
    expect(health.healthy).toBe(true);
    expect(await limits.hit('GA1.2.3.4', 2, 60)).toBe(true);
    expect(await server.command((client) => client.zcard('rateLimit:GA1.2.3.4'))).toBe(1);

    let reconnects = 0;
    redis.on('reconnecting', () => (reconnects += 1));
    await server.kill();
    await expect.poll(() => health.healthy).toBe(false);
    // Answered at once from this node's own count, which enforces the limit alone.
    const started = Date.now();
    expect(await limits.hit('GA5.6.7.8', 2, 60)).toBe(true);
    expect(await limits.hit('GA5.6.7.8', 2, 60)).toBe(true);
    expect(await limits.hit('GA5.6.7.8', 2, 60)).toBe(false);
    expect(Date.now() - started).toBeLessThan(100);
    // Several reconnect attempts (each failed one schedules the next), one warning.
    await eventually(() => reconnects >= 4);
    expect(logged.filter((line) => line.startsWith('warn'))).toHaveLength(1);

    await server.restart();
    await expect.poll(() => health.healthy, { timeout: 5000 }).toBe(true);
    expect(logged.filter((line) => line.startsWith('info'))).toHaveLength(1);
    expect(await limits.hit('GA1.2.3.4', 2, 60)).toBe(true);
    expect(await server.command((client) => client.zcard('rateLimit:GA1.2.3.4'))).toBe(1);
  });

  it('lets a node start while Redis is down and connects when it comes up', { timeout: 15_000 }, async () => {
    const server = await PrivateRedis.start();
    cleanups.push(() => server.kill());
    await server.kill();
    const { redis, health } = await connect(server);
    expect(health.healthy).toBe(false);
    expect(logged).toEqual([expect.stringMatching(/^warn Redis is unreachable/)]);
    await expect(redis.get('anything')).rejects.toThrow();
    await server.restart();
    await expect.poll(() => health.healthy, { timeout: 5000 }).toBe(true);
    expect(await redis.get('anything')).toBeNull();
  });
});
