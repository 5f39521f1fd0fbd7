import type { Redis } from 'ioredis';

/**
 * Sliding-window limits per client IP, as one-api counts them: the last N request times are kept and a
 * request is refused when the oldest of them is still inside the window. Redis shares the count across
 * nodes; without it each node counts alone.
 */
export interface RateLimitStore {
  /** Records a hit and says whether it is within `limit` hits per `windowSeconds`. */
  hit(key: string, limit: number, windowSeconds: number, nowMs?: number): Promise<boolean>;
}

export class MemoryRateLimitStore implements RateLimitStore {
  private readonly hits = new Map<string, number[]>();
  private lastSweep = Date.now();

  async hit(key: string, limit: number, windowSeconds: number, nowMs = Date.now()): Promise<boolean> {
    this.sweep(nowMs, windowSeconds);
    const times = this.hits.get(key) ?? [];
    const windowStart = nowMs - windowSeconds * 1000;
    while (times.length > 0 && (times[0] ?? 0) <= windowStart) times.shift();
    if (times.length >= limit) {
      this.hits.set(key, times);
      return false;
    }
    times.push(nowMs);
    this.hits.set(key, times);
    return true;
  }

  /** Forgets idle clients so the map does not grow with every address ever seen. */
  private sweep(nowMs: number, windowSeconds: number) {
    if (nowMs - this.lastSweep < windowSeconds * 1000) return;
    this.lastSweep = nowMs;
    for (const [key, times] of this.hits) {
      if ((times.at(-1) ?? 0) <= nowMs - windowSeconds * 1000) this.hits.delete(key);
    }
  }
}

export class RedisRateLimitStore implements RateLimitStore {
  constructor(private readonly redis: Redis) {}

  async hit(key: string, limit: number, windowSeconds: number, nowMs = Date.now()): Promise<boolean> {
    const redisKey = `rateLimit:${key}`;
    const windowStart = nowMs - windowSeconds * 1000;
    // One round trip: drop expired hits, count, and record this one only when it is allowed.
    const allowed = (await this.redis.eval(
      `redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[1])
       if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[2]) then return 0 end
       redis.call('ZADD', KEYS[1], ARGV[3], ARGV[4])
       redis.call('EXPIRE', KEYS[1], ARGV[5])
       return 1`,
      1,
      redisKey,
      windowStart,
      limit,
      nowMs,
      `${nowMs}-${Math.random()}`,
      windowSeconds,
    )) as number;
    return allowed === 1;
  }
}

/**
 * The shared Redis counts while Redis is healthy, this node's own counts while it is not: a Redis outage
 * must not refuse or fail every request. During the outage each node enforces the limit alone, so a
 * client spread over N nodes gets up to N times the limit; the counts start afresh in Redis when it is back.
 */
export class FallbackRateLimitStore implements RateLimitStore {
  constructor(
    private readonly shared: RateLimitStore,
    private readonly local: RateLimitStore,
    private readonly sharedHealthy: () => boolean,
  ) {}

  async hit(key: string, limit: number, windowSeconds: number, nowMs = Date.now()): Promise<boolean> {
    if (this.sharedHealthy()) {
      try {
        return await this.shared.hit(key, limit, windowSeconds, nowMs);
      } catch {
        // Redis went away between the check and the call: count here, like the next requests will.
      }
    }
    return this.local.hit(key, limit, windowSeconds, nowMs);
  }
}
