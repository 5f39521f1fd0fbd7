import type { Redis } from 'ioredis';
import { WINDOW_MS, type Dimension, type Headroom, type LimitScope, type ScopeUsage, type Verdict } from './limit-set.js';
import { ADMIT_SCRIPT, FINISH_SCRIPT, RENEW_SCRIPT, USAGE_SCRIPT } from './redis-scripts.js';

/**
 * How long a running request holds its slot in Redis at most: a node that died mid-request stops counting
 * against the key after this. Longer than any stream is expected to run.
 */
export const LEASE_MS = 30 * 60_000;

/** The ioredis commands the scripts become (EVALSHA, loaded once per connection). */
interface LimitCommands {
  tollgateLimitAdmit(...args: (string | number)[]): Promise<(number | string)[]>;
  tollgateLimitFinish(...args: (string | number)[]): Promise<number>;
  tollgateLimitRenew(...args: (string | number)[]): Promise<number>;
  tollgateLimitUsage(...args: (string | number)[]): Promise<number[]>;
}

const keysOf = (id: string) => {
  const base = `tollgate:limit:${id}:`;
  return [`${base}r`, `${base}t`, `${base}ts`, `${base}f`, `${base}fs`];
};

/**
 * Rate limits counted in Redis, so every node shares one count: each admission and each end is one
 * atomic script (one round trip), hence two nodes together pass a limit by one request at most.
 */
export class RedisLimiter {
  private readonly commands: LimitCommands;

  /** `leaseMs`: how long a running request holds its slot unless renewed (LEASE_MS; tests shorten it). */
  constructor(
    private readonly redis: Redis,
    readonly leaseMs = LEASE_MS,
  ) {
    redis.defineCommand('tollgateLimitAdmit', { lua: ADMIT_SCRIPT });
    redis.defineCommand('tollgateLimitFinish', { lua: FINISH_SCRIPT });
    redis.defineCommand('tollgateLimitRenew', { lua: RENEW_SCRIPT });
    redis.defineCommand('tollgateLimitUsage', { lua: USAGE_SCRIPT, numberOfKeys: 5 });
    this.commands = redis as unknown as LimitCommands;
  }

  /** Reachable now: while ioredis reconnects, commands would wait in its queue instead of failing. */
  get ready(): boolean {
    return this.redis.status === 'ready';
  }

  async admit(requestId: string, scopes: readonly LimitScope[], estimate: number): Promise<Verdict> {
    const args: (string | number)[] = [scopes.length * 5];
    for (const scope of scopes) args.push(...keysOf(scope.id));
    args.push(0, WINDOW_MS, this.leaseMs, requestId, scopes.length);
    for (const { limits } of scopes) args.push(limits.rpm, limits.tpm, limits.concurrency, estimate);
    const result = await this.commands.tollgateLimitAdmit(...args);
    if (Number(result[0]) !== 1) return { admitted: false, retryAfterMs: Number(result[1]), refusedOn: result[2] as Dimension, refusedBy: Number(result[3]) };
    const now = Number(result[1]);
    const verdict: Verdict = { admitted: true, retryAfterMs: 0 };
    scopes.forEach(({ limits }, i) => {
      const at = 2 + i * 4;
      verdict.requests = tighter(verdict.requests, limits.rpm, Number(result[at]), Number(result[at + 1]), now);
      verdict.tokens = tighter(verdict.tokens, limits.tpm, Number(result[at + 2]), Number(result[at + 3]), now);
    });
    return verdict;
  }

  async finish(requestId: string, scopes: readonly LimitScope[], estimate: number, tokens: number): Promise<void> {
    await this.commands.tollgateLimitFinish(...this.runningArgs(requestId, scopes, estimate, tokens));
  }

  /** Restarts the lease of a request still running, so a session longer than the lease keeps its slot. */
  async renew(requestId: string, scopes: readonly LimitScope[], estimate: number): Promise<void> {
    await this.commands.tollgateLimitRenew(...this.runningArgs(requestId, scopes, estimate, 0));
  }

  /** The keys and arguments FINISH and RENEW share: the running entry is named by request id and reserved tokens. */
  private runningArgs(requestId: string, scopes: readonly LimitScope[], estimate: number, tokens: number): (string | number)[] {
    const args: (string | number)[] = [scopes.length * 5];
    for (const scope of scopes) args.push(...keysOf(scope.id));
    args.push(0, WINDOW_MS, this.leaseMs, requestId, scopes.length);
    for (const { limits } of scopes) args.push(limits.rpm, limits.tpm, limits.concurrency, limits.tpm > 0 ? estimate : 0, tokens);
    return args;
  }

  async usage(id: string): Promise<ScopeUsage> {
    const [requests = 0, tokens = 0, concurrency = 0] = await this.commands.tollgateLimitUsage(...keysOf(id), 0, WINDOW_MS, this.leaseMs, '', 0);
    return { requests, tokens, concurrency };
  }
}

function tighter(current: Headroom | undefined, limit: number, used: number, oldest: number, now: number): Headroom | undefined {
  if (limit === 0) return current;
  const remaining = Math.max(0, limit - used);
  if (current && current.remaining <= remaining) return current;
  return { limit, remaining, resetMs: oldest > 0 ? Math.max(0, oldest + WINDOW_MS - now) : 0 };
}
