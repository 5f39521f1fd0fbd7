import type { AppLogger } from '../../context.js';
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

  end(): void {
    if (this.ended) return;
    this.ended = true;
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
  private redisFailing = false;

  constructor(
    private readonly redis: RedisLimiter | undefined,
    private readonly log: AppLogger,
  ) {}

  async admit(requestId: string, scopes: readonly LimitScope[], estimate: number): Promise<Admission> {
    if (this.redis?.ready) {
      try {
        const verdict = await this.redis.admit(requestId, scopes, estimate);
        this.redisAnswered();
        return verdict.admitted ? { verdict, ticket: new LimitTicket(this, requestId, scopes, estimate, undefined) } : { verdict };
      } catch (error) {
        this.redisFailed(error);
      }
    } else if (this.redis) {
      this.redisFailed(new Error('not connected'));
    }
    const { verdict, ticket } = this.memory.admit(scopes, estimate);
    return ticket ? { verdict, ticket: new LimitTicket(this, requestId, scopes, estimate, ticket) } : { verdict };
  }

  /** Off the response path: a lost end only keeps the slot until its lease runs out (redis-limiter.ts). */
  finishInRedis(requestId: string, scopes: readonly LimitScope[], estimate: number, tokens: number): void {
    this.redis?.finish(requestId, scopes, estimate, tokens).catch((error: unknown) => this.redisFailed(error));
  }

  /** The current use of a key's or user's counter, for the console. */
  async usage(id: string): Promise<ScopeUsage> {
    if (this.redis?.ready) {
      try {
        return await this.redis.usage(id);
      } catch (error) {
        this.redisFailed(error);
      }
    }
    return this.memory.usage(id);
  }

  private redisFailed(error: unknown) {
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
