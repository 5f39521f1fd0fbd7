import type { Redis } from 'ioredis';
import type { CacheStore } from './cache-store.js';

/** Entries in Redis under this prefix; Redis drops each at its TTL (SET … PX), so there is nothing to evict. */
const PREFIX = 'tollgate:rc:';

/**
 * The Redis store: shared by every node, so an answer cached by one is a hit on another. Its total size is
 * bounded by Redis's own memory policy (maxmemory); Tollgate bounds each entry (ResponseCacheMaxBytes).
 */
export class RedisCacheStore implements CacheStore {
  readonly kind = 'redis';

  constructor(private readonly redis: Redis) {}

  async get(key: string): Promise<string | undefined> {
    this.ensureReady();
    return (await this.redis.get(PREFIX + key)) ?? undefined;
  }

  async set(key: string, _scope: string, text: string, _bytes: number, now: number, expiresAt: number): Promise<void> {
    this.ensureReady();
    await this.redis.set(PREFIX + key, text, 'PX', Math.max(1, expiresAt - now));
  }

  /** A Redis that is not connected fails at once: ioredis would otherwise queue the command until it reconnects. */
  private ensureReady(): void {
    if (this.redis.status !== 'ready') throw new Error(`Redis is ${this.redis.status}`);
  }
}
