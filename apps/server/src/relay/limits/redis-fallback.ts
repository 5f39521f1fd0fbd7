import type { AppLogger } from '../../observability/app-logger.js';

/** How long a call may wait for Redis before the caller counts in memory instead. */
const REDIS_TIMEOUT_MS = 1000;
/** How long a Redis that failed a call is left alone before it is asked again. */
const REDIS_RETRY_MS = 5000;

/** What the log says when Redis stops answering, and when it is back. */
export interface FallbackWords {
  down: string;
  back: string;
}

/**
 * "Redis when it answers, else this node's memory, with a cool-down after a failure", as the rate limiter and the
 * budgets count: whether to ask Redis now, a call bounded by a timeout, and the failure and recovery logged once
 * each. A Redis that stopped answering without closing its connection (a stalled host, a partition) stays "ready"
 * to ioredis until TCP gives up: a call waits at most REDIS_TIMEOUT_MS for it, and after a failed call Redis is
 * left alone for REDIS_RETRY_MS, so a stalled Redis delays few requests.
 */
export class RedisFallback {
  private failingNow = false;
  /** Redis is asked again only from this time on (epoch ms). */
  private retryAt = 0;

  constructor(
    private readonly redis: { readonly ready: boolean } | undefined,
    private readonly log: AppLogger,
    private readonly words: FallbackWords,
  ) {}

  /** Whether the last call failed and none has answered since. */
  get failing(): boolean {
    return this.failingNow;
  }

  /**
   * Whether to ask Redis now: configured, connected and not cooling down. While ioredis reconnects it says so at
   * no cost (its commands would wait in its queue instead of failing), so Redis is used again the moment it is back.
   */
  useRedis(): boolean {
    if (!this.redis) return false;
    if (!this.redis.ready) {
      this.failed(new Error('not connected'), false);
      return false;
    }
    return Date.now() >= this.retryAt;
  }

  /** `answer`, or a rejection after REDIS_TIMEOUT_MS. */
  async withinTimeout<T>(answer: Promise<T>): Promise<T> {
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
  failed(error: unknown, backOff: boolean): void {
    if (backOff) this.retryAt = Date.now() + REDIS_RETRY_MS;
    if (this.failingNow) return;
    this.failingNow = true;
    this.log.warn({ err: error }, this.words.down);
  }

  answered(): void {
    if (!this.failingNow) return;
    this.failingNow = false;
    this.log.info(this.words.back);
  }
}
