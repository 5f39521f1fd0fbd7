import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../../test/eventually.js';
import { silentLogger } from '../../../test/test-app.js';
import type { LimitScope } from './limit-set.js';
import { RateLimiter } from './rate-limiter.js';
import { RedisLimiter } from './redis-limiter.js';

const redisUrl = process.env.TEST_REDIS_URL;

/**
 * A running slot counted in Redis is dropped once its lease runs out (a node that died must not hold it), so a
 * Realtime session longer than the lease renews it: with a short lease, a held ticket keeps its slot while an
 * unrenewed one beside it is dropped, and ending the held ticket gives its slot back.
 */
describe.skipIf(!redisUrl)('renewing a running slot in Redis', () => {
  let redis: Redis;
  let limiter: RateLimiter;
  let redisLimiter: RedisLimiter;

  beforeAll(async () => {
    redis = new Redis(redisUrl!, { lazyConnect: true });
    await redis.connect();
    redisLimiter = new RedisLimiter(redis, 300);
    limiter = new RateLimiter(redisLimiter, silentLogger);
  });
  afterAll(async () => {
    await redis.quit();
  });

  const scope = (): LimitScope[] => [{ id: `lease-${randomUUID()}`, limits: { rpm: 0, tpm: 0, concurrency: 1 } }];
  const running = async (scopes: LimitScope[]) => (await redisLimiter.usage(scopes[0]!.id)).concurrency;

  it('keeps a held slot past its lease, while a slot left alone is dropped', async () => {
    const held = scope();
    const left = scope();
    const heldTicket = (await limiter.admit(randomUUID(), held, 0)).ticket!;
    const leftTicket = (await limiter.admit(randomUUID(), left, 0)).ticket!;
    heldTicket.holdOpen();
    expect(limiter.renewEveryMs).toBe(100);
    // The slot left alone runs out after one lease: by then the held one has been renewed at least twice.
    await eventually(async () => (await running(left)) === 0, { interval: 50 });
    expect(await running(held)).toBe(1);
    // The slot is still taken: a second request under the same limit is refused.
    expect((await limiter.admit(randomUUID(), held, 0)).verdict).toMatchObject({ admitted: false, refusedOn: 'concurrency' });
    heldTicket.end();
    leftTicket.end();
    await eventually(async () => (await running(held)) === 0);
    expect((await limiter.admit(randomUUID(), held, 0)).verdict.admitted).toBe(true);
  });

  it('does not take back a slot that already ran out', async () => {
    const scopes = scope();
    const id = randomUUID();
    await limiter.admit(id, scopes, 0);
    await eventually(async () => (await running(scopes)) === 0, { interval: 50 });
    await redisLimiter.renew(id, scopes, 0);
    expect(await running(scopes)).toBe(0);
  });
});
