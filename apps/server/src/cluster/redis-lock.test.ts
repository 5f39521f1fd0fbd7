import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eventually } from '../../test/eventually.js';
import { acquireRedisLock } from './redis-lock.js';

const redisUrl = process.env.TEST_REDIS_URL;

describe.skipIf(!redisUrl)('redis lock', () => {
  let redis: Redis;
  beforeAll(() => {
    redis = new Redis(redisUrl ?? '');
  });
  afterAll(() => redis.disconnect());
  const freshKey = () => `tollgate:test-lock:${Math.random()}`;

  it('has one holder at a time and frees the key on release', async () => {
    const key = freshKey();
    const held = await acquireRedisLock(redis, key, 10_000);
    expect(held).toBeDefined();
    expect(await acquireRedisLock(redis, key, 10_000)).toBeUndefined();
    const ttl = await redis.pttl(key);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(10_000);
    await held?.release();
    expect(await redis.exists(key)).toBe(0);
    const again = await acquireRedisLock(redis, key, 10_000);
    expect(again).toBeDefined();
    await again?.release();
  });

  it('keeps a lock past its expiry while the holder beats', async () => {
    const key = freshKey();
    const beats = vi.spyOn(redis, 'eval');
    const held = await acquireRedisLock(redis, key, 150);
    // A beat every 50 ms at the earliest: the fourth comes after the first expiry (150 ms) would have passed.
    await eventually(() => beats.mock.calls.length >= 4);
    expect(await acquireRedisLock(redis, key, 150)).toBeUndefined();
    await held?.release();
    beats.mockRestore();
  });

  it('lets only the owner release, and tells a holder that lost its lock', async () => {
    const key = freshKey();
    let lost = 0;
    const first = await acquireRedisLock(redis, key, 150, () => (lost += 1));
    // The key expires (a stalled holder) and another node takes the lock.
    await redis.del(key);
    const second = await acquireRedisLock(redis, key, 10_000);
    expect(second).toBeDefined();
    await expect.poll(() => lost, { timeout: 1000 }).toBe(1);
    await first?.release();
    expect(await redis.exists(key)).toBe(1);
    expect(await acquireRedisLock(redis, key, 10_000)).toBeUndefined();
    await second?.release();
    expect(await redis.exists(key)).toBe(0);
  });
});
