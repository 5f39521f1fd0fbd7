import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/test-app.js';
import { MemoryRateLimitStore, RedisRateLimitStore, type RateLimitStore } from './rate-limit.js';

describe('rate limits', () => {
  it('answers 429 to the 21st login from one address within 20 minutes', async () => {
    const t = await buildTestApp('sqlite');
    try {
      const attempt = (ip: string) => t.app.inject({ method: 'POST', url: '/api/user/login', remoteAddress: ip, payload: { username: 'root', password: 'nope-nope' } });
      for (let i = 0; i < 20; i += 1) expect((await attempt('10.0.0.1')).statusCode).toBe(200);
      const refused = await attempt('10.0.0.1');
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({ success: false });
      // Another address is counted on its own, and registration shares the sign-in budget.
      expect((await attempt('10.0.0.2')).statusCode).toBe(200);
      const register = await t.app.inject({ method: 'POST', url: '/api/user/register', remoteAddress: '10.0.0.1', payload: { username: 'x', password: 'password123' } });
      expect(register.statusCode).toBe(429);
    } finally {
      await t.close();
    }
  });

  it('applies the global API limit to every /api route', async () => {
    const t = await buildTestApp('sqlite', { GLOBAL_API_RATE_LIMIT: '3' });
    try {
      const codes = [];
      for (let i = 0; i < 4; i += 1) codes.push((await t.app.inject({ method: 'GET', url: '/api/status', remoteAddress: '10.0.0.9' })).statusCode);
      expect(codes).toEqual([200, 200, 200, 429]);
    } finally {
      await t.close();
    }
  });
});

const stores: [string, () => RateLimitStore, () => Promise<void>][] = [['memory', () => new MemoryRateLimitStore(), async () => undefined]];
const redisUrl = process.env.TEST_REDIS_URL;
if (redisUrl) {
  const redis = new Redis(redisUrl, { lazyConnect: true });
  stores.push(['redis', () => new RedisRateLimitStore(redis), async () => void redis.disconnect()]);
}

describe.each(stores)('%s rate limit store', (_name, make, cleanup) => {
  afterAll(cleanup);

  it('allows N hits per window and frees them as the window slides', async () => {
    const store = make();
    const key = `test-${Math.random()}`;
    const t0 = Date.now();
    expect(await store.hit(key, 2, 10, t0)).toBe(true);
    expect(await store.hit(key, 2, 10, t0 + 1000)).toBe(true);
    expect(await store.hit(key, 2, 10, t0 + 2000)).toBe(false);
    // The first hit leaves the window at t0 + 10 s.
    expect(await store.hit(key, 2, 10, t0 + 10_001)).toBe(true);
    expect(await store.hit(key, 2, 10, t0 + 10_002)).toBe(false);
  });
});
