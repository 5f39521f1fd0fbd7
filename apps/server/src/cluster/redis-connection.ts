import type { Redis, RedisOptions } from 'ioredis';
import type { AppLogger } from '../observability/app-logger.js';

/**
 * How every Redis connection of a node behaves when Redis goes away. Nothing Tollgate keeps in Redis is
 * needed to answer a request (cache changes are also polled from the database, rate limits fall back to
 * in-process counts), so a command must fail at once rather than wait for Redis to come back: no offline
 * queue, no retry of a command, a bound on a Redis that hangs. The connection itself is retried for ever,
 * backing off to one attempt every two seconds.
 */
export const REDIS_OPTIONS: RedisOptions = {
  lazyConnect: true,
  enableOfflineQueue: false,
  maxRetriesPerRequest: 0,
  connectTimeout: 3000,
  commandTimeout: 2000,
  retryStrategy: (attempt) => Math.min(attempt * 100, 2000),
};

/**
 * Whether this node's Redis connection is usable now, for every part that has a fallback (cache sync,
 * rate limits, locks): check `healthy` before a Redis call, and fall back when it is false or the call
 * fails. Logs once when Redis is lost and once when it is back, not at every reconnect attempt.
 */
export class RedisHealth {
  private down = false;
  private stopped = false;
  private lastError?: Error;
  private readonly listeners = new Set<(healthy: boolean) => void>();

  constructor(
    private readonly redis: Redis,
    private readonly log: Pick<AppLogger, 'info' | 'warn'>,
  ) {
    redis.on('ready', () => this.set(true));
    redis.on('close', () => this.set(false));
    // Without a listener ioredis prints every failed reconnect attempt; the state change is logged instead,
    // with the error that caused it.
    redis.on('error', (error: Error) => (this.lastError = error));
  }

  get healthy(): boolean {
    return this.redis.status === 'ready';
  }

  /** Hears every change of state (true: back, false: lost). */
  onChange(listener: (healthy: boolean) => void): void {
    this.listeners.add(listener);
  }

  /** Before closing the connection on purpose (shutdown), so that is not reported as an outage. */
  stop(): void {
    this.stopped = true;
  }

  private set(healthy: boolean): void {
    // Only a change is news: not the first connection, not each failed reconnect attempt.
    if (this.stopped || healthy === !this.down) return;
    this.down = !healthy;
    if (healthy) this.log.info('Redis is reachable again: shared rate limits and instant cache invalidation resume');
    else this.log.warn({ err: this.lastError }, 'Redis is unreachable: serving with in-process rate limits and database polling for cache changes until it is back');
    for (const listener of this.listeners) listener(healthy);
  }
}

/**
 * Connects to REDIS_CONN_STRING. A Redis that is down at start does not stop the node: it starts on its
 * fallbacks and connects when Redis comes up.
 */
export async function connectRedis(url: string, log: Pick<AppLogger, 'info' | 'warn'>): Promise<{ redis: Redis; health: RedisHealth }> {
  // ioredis is loaded only when Redis is configured: single-node installs do not pay for it.
  const { Redis } = await import('ioredis');
  const redis = new Redis(url, REDIS_OPTIONS);
  const health = new RedisHealth(redis, log);
  // Failing, it has already logged that Redis is unreachable, and keeps trying in the background.
  await redis.connect().catch(() => undefined);
  return { redis, health };
}
