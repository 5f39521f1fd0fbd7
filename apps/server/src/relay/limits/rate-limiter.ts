import type { AppLogger } from '../../observability/app-logger.js';
import type { LimitScope, ScopeUsage, Verdict } from './limit-set.js';
import { MemoryLimiter, type MemoryTicket } from './memory-limiter.js';
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

/** How long an admission waits for Redis before counting in memory instead. */
const REDIS_TIMEOUT_MS = 1000;
/** How long Redis is left alone after it failed before it is asked again. */
const REDIS_RETRY_MS = 5000;

/**
 * The relay's rate limiter: in Redis when configured (shared by every node), else in memory. While Redis
 * fails, requests are counted in memory on each node and keep being served; that is logged once, and Redis
 * is used again as soon as it answers.
 */
export class RateLimiter {
  private readonly memory = new MemoryLimiter();
  private redisFailing = false;
  /** After a failure Redis is asked again only from this time on (epoch ms), so a stalled Redis delays few requests. */
  private redisRetryAt = 0;

  constructor(
    private readonly redis: RedisLimiter | undefined,
    private readonly log: AppLogger,
  ) {}

  async admit(requestId: string, scopes: readonly LimitScope[], estimate: number): Promise<Admission> {
    if (this.redis?.ready && Date.now() >= this.redisRetryAt) {
      const asked = this.redis.admit(requestId, scopes, estimate);
      try {
        const verdict = await this.withinTimeout(asked);
        this.redisAnswered();
        return verdict.admitted ? { verdict, ticket: new LimitTicket(this, requestId, scopes, estimate, undefined) } : { verdict };
      } catch (error) {
        // Counted in memory instead: an admission Redis grants late must not keep its slot there.
        asked.then((late) => late.admitted && this.finishInRedis(requestId, scopes, estimate, 0), () => undefined);
        this.redisFailed(error, true);
      }
    } else if (this.redis && !this.redis.ready) {
      // ioredis is reconnecting: it says so at no cost, so Redis is used again the moment it is back.
      this.redisFailed(new Error('not connected'), false);
    }
    const { verdict, ticket } = this.memory.admit(scopes, estimate);
    return ticket ? { verdict, ticket: new LimitTicket(this, requestId, scopes, estimate, ticket) } : { verdict };
  }

  /** Off the response path: a lost end only keeps the slot until its lease runs out (redis-limiter.ts). */
  finishInRedis(requestId: string, scopes: readonly LimitScope[], estimate: number, tokens: number): void {
    this.redis?.finish(requestId, scopes, estimate, tokens).catch((error: unknown) => this.redisFailed(error, false));
  }

  /** How often a slot held in Redis is renewed: a third of its lease, so two renewals may fail before it runs out. */
  get renewEveryMs(): number | undefined {
    return this.redis && Math.floor(this.redis.leaseMs / 3);
  }

  /** Off the session's path, as an end is: a failed renewal is tried again at the next tick. */
  renewInRedis(requestId: string, scopes: readonly LimitScope[], estimate: number): void {
    this.redis?.renew(requestId, scopes, estimate).catch((error: unknown) => this.redisFailed(error, false));
  }

  /** The current use of a key's or user's counter, for the console. */
  async usage(id: string): Promise<ScopeUsage> {
    if (this.redis?.ready && Date.now() >= this.redisRetryAt) {
      try {
        return await this.withinTimeout(this.redis.usage(id));
      } catch (error) {
        this.redisFailed(error, true);
      }
    }
    return this.memory.usage(id);
  }

  /**
   * A Redis that stopped answering without closing its connection (a stalled host, a partition) stays
   * "ready" to ioredis until TCP gives up: an admission waits at most REDIS_TIMEOUT_MS for it.
   */
  private async withinTimeout<T>(answer: Promise<T>): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => reject(new Error(`Redis did not answer within ${REDIS_TIMEOUT_MS} ms`)), REDIS_TIMEOUT_MS);
    });
    try {
      return await Promise.race([answer, timeout]);
    } finally {
      clearTimeout(timer);
    }
  }

  /** Logs the first failure only; `backOff` leaves a Redis that failed a call alone for a while. */
  private redisFailed(error: unknown, backOff: boolean) {
    if (backOff) this.redisRetryAt = Date.now() + REDIS_RETRY_MS;
    if (this.redisFailing) return;
    this.redisFailing = true;
    this.log.warn({ err: error }, 'Redis is unreachable: rate limits are counted on each node alone until it is back');
  }

  private redisAnswered() {
    if (!this.redisFailing) return;
    this.redisFailing = false;
    this.log.info('Redis is reachable again: rate limits are shared across nodes again');
  }
}
