import type { AppLogger } from '../../observability/app-logger.js';
import type { LimitScope, ScopeUsage, Verdict } from './limit-set.js';
import { MemoryLimiter, type MemoryTicket } from './memory-limiter.js';
import { RedisFallback } from './redis-fallback.js';
import type { RedisLimiter } from './redis-limiter.js';

/**
 * What an admitted request holds until it ends: a running slot and its reserved tokens. `settle` records
 * the real token count (input + output) when the charge is known; `end` gives everything back and counts
 * those tokens, once, however the request ended.
 */
export class LimitTicket {
  private tokens = 0;
  private ended = false;
  private renewal: NodeJS.Timeout | undefined;

  constructor(
    private readonly limiter: RateLimiter,
    private readonly requestId: string,
    private readonly scopes: readonly LimitScope[],
    private readonly estimate: number,
    private readonly memory: MemoryTicket | undefined,
  ) {}

  settle(tokens: number): void {
    this.tokens = tokens;
  }

  /**
   * Keeps the running slot held for as long as the request runs (a Realtime session may outlast the Redis lease,
   * after which the slot would be dropped and another request let in): its lease is renewed every third of it
   * until `end`. A slot counted in memory has no lease.
   */
  holdOpen(): void {
    if (this.memory || this.ended || this.renewal) return;
    const every = this.limiter.renewEveryMs;
    if (every === undefined) return;
    this.renewal = setInterval(() => this.limiter.renewInRedis(this.requestId, this.scopes, this.estimate), every);
    this.renewal.unref();
  }

  end(): void {
    if (this.ended) return;
    this.ended = true;
    clearInterval(this.renewal);
    if (this.memory) this.memory.end(this.tokens);
    else this.limiter.finishInRedis(this.requestId, this.scopes, this.estimate, this.tokens);
  }
}

export interface Admission {
  verdict: Verdict;
  ticket?: LimitTicket;
}

/**
 * The relay's rate limiter: in Redis when configured (shared by every node), else in memory. While Redis
 * fails, requests are counted in memory on each node and keep being served; that is logged once, and Redis
 * is used again as soon as it answers.
 */
export class RateLimiter {
  private readonly memory = new MemoryLimiter();
  private readonly fallback: RedisFallback;

  constructor(
    private readonly redis: RedisLimiter | undefined,
    log: AppLogger,
  ) {
    this.fallback = new RedisFallback(redis, log, {
      down: 'Redis is unreachable: rate limits are counted on each node alone until it is back',
      back: 'Redis is reachable again: rate limits are shared across nodes again',
    });
  }

  async admit(requestId: string, scopes: readonly LimitScope[], estimate: number): Promise<Admission> {
    if (this.redis && this.fallback.useRedis()) {
      const asked = this.redis.admit(requestId, scopes, estimate);
      try {
        const verdict = await this.fallback.withinTimeout(asked);
        this.fallback.answered();
        return verdict.admitted ? { verdict, ticket: new LimitTicket(this, requestId, scopes, estimate, undefined) } : { verdict };
      } catch (error) {
        // Counted in memory instead: an admission Redis grants late must not keep its slot there.
        asked.then((late) => late.admitted && this.finishInRedis(requestId, scopes, estimate, 0), () => undefined);
        this.fallback.failed(error, true);
      }
    }
    const { verdict, ticket } = this.memory.admit(scopes, estimate);
    return ticket ? { verdict, ticket: new LimitTicket(this, requestId, scopes, estimate, ticket) } : { verdict };
  }

  /** Off the response path: a lost end only keeps the slot until its lease runs out (redis-limiter.ts). */
  finishInRedis(requestId: string, scopes: readonly LimitScope[], estimate: number, tokens: number): void {
    this.redis?.finish(requestId, scopes, estimate, tokens).catch((error: unknown) => this.fallback.failed(error, false));
  }

  /** How often a slot held in Redis is renewed: a third of its lease, so two renewals may fail before it runs out. */
  get renewEveryMs(): number | undefined {
    return this.redis && Math.floor(this.redis.leaseMs / 3);
  }

  /** Off the session's path, as an end is: a failed renewal is tried again at the next tick. */
  renewInRedis(requestId: string, scopes: readonly LimitScope[], estimate: number): void {
    this.redis?.renew(requestId, scopes, estimate).catch((error: unknown) => this.fallback.failed(error, false));
  }

  /** The current use of a key's or user's counter, for the console. */
  async usage(id: string): Promise<ScopeUsage> {
    if (this.redis && this.fallback.useRedis()) {
      try {
        return await this.fallback.withinTimeout(this.redis.usage(id));
      } catch (error) {
        this.fallback.failed(error, true);
      }
    }
    return this.memory.usage(id);
  }
}
