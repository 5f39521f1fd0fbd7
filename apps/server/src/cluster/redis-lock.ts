import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';

/** A lock this node holds until it releases it. */
export interface HeldLock {
  release(): Promise<void>;
}

// Both scripts act only while the key still holds this owner's token: a lock that expired and was taken by
// another node is neither extended nor deleted by its former owner.
const EXTEND = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('PEXPIRE', KEYS[1], ARGV[2]) end return 0`;
const DELETE = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end return 0`;

/**
 * A lock shared by every node on one Redis: SET NX PX with a random token. The holder extends the expiry
 * every third of `ttlMs`, so a long job keeps it, while a node that dies mid-job frees it within `ttlMs`.
 * Answers undefined when another holder has it. `onLost` hears that the lock slipped away (an event-loop
 * stall longer than the expiry, a Redis failover).
 */
export async function acquireRedisLock(redis: Redis, key: string, ttlMs: number, onLost: () => void = () => undefined): Promise<HeldLock | undefined> {
  const token = randomUUID();
  if ((await redis.set(key, token, 'PX', ttlMs, 'NX')) !== 'OK') return undefined;
  let lost = false;
  const heartbeat = setInterval(() => {
    redis
      .eval(EXTEND, 1, key, token, ttlMs)
      .then((extended) => {
        if (Number(extended) === 1 || lost) return;
        lost = true;
        onLost();
      })
      .catch(() => undefined); // the next beat tries again; the expiry leaves room for two misses
  }, Math.max(1, Math.floor(ttlMs / 3)));
  heartbeat.unref();
  return {
    async release() {
      clearInterval(heartbeat);
      await redis.eval(DELETE, 1, key, token);
    },
  };
}
