import type { AppLogger } from '../../observability/app-logger.js';
import type { BudgetScope } from './budget-scope.js';
import { RedisFallback } from '../limits/redis-fallback.js';
import { MemorySpend } from './memory-spend.js';
import { PeriodClock, type PeriodBounds } from './budget-period.js';
import { SPEND_KEY_GRACE_MS, spendKey, type RedisSpend } from './redis-spend.js';

/** What was spent in a period before this node counted it: read from the usage rollups (spend-from-rollups.ts). */
export type SpendReader = (scope: BudgetScope, start: number) => Promise<number>;

/** The answer to a request asking in under its budgets. */
export interface BudgetVerdict {
  /** The index of the scope that refused, or -1 when admitted (its reservation is then held). */
  refusedBy: number;
  /** Each scope's period. */
  periods: PeriodBounds[];
  /** The spend of the scope that refused. */
  spent: number;
  /** Where the reservation is held: Redis, or this node's memory. */
  inRedis: boolean;
}

/** The spend of one scope this period, for the console. */
export interface ScopeSpend {
  spent: number;
  period: PeriodBounds;
}

/** How many Redis counters this node remembers having started: beyond it, it forgets them all (and SET NX again). */
const MAX_STARTED = 100_000;

/**
 * The spend of every key and user with a budget, per period: in Redis when configured (every node adds to
 * the same counter), else in this node's memory. Each counter starts, the first time a node needs it in a
 * period, at what the usage rollups hold for that period. A Redis that fails is logged once and the node
 * counts in memory until it answers again; requests are never refused for it.
 */
export class BudgetLedger {
  /** The clock periods are counted by; tests move it. */
  now: () => number = Date.now;
  readonly periods = new PeriodClock();
  private readonly memory = new MemorySpend();
  /** Counters being started from the rollups, by id and period: requests arriving together share one read. */
  private readonly starting = new Map<string, Promise<void>>();
  /** Redis counters this node has started (SET NX) this process. */
  private readonly startedInRedis = new Set<string>();
  private readonly fallback: RedisFallback;

  constructor(
    private readonly redis: RedisSpend | undefined,
    private readonly readSpend: SpendReader,
    log: AppLogger,
  ) {
    this.fallback = new RedisFallback(redis, log, {
      down: 'Redis is unreachable: budgets are counted on each node alone until it is back',
      back: 'Redis is reachable again: budgets are shared across nodes again',
    });
  }

  /** '' when spend is shared as configured, or why this node counts alone (for /readyz). */
  get degraded(): string {
    return this.fallback.failing ? 'counted in this node’s memory: Redis is unreachable' : '';
  }

  /** Refuses when any scope's spend plus the reservation would pass its amount; else holds the reservation on each. */
  async admit(scopes: readonly BudgetScope[], reservation: number, zone: string): Promise<BudgetVerdict> {
    const now = this.now();
    const periods = scopes.map((scope) => this.periods.bounds(scope.budget.period, zone, now));
    if (this.fallback.useRedis()) {
      const asked = this.admitInRedis(scopes, periods, reservation);
      try {
        return await this.fallback.withinTimeout(asked);
      } catch (error) {
        // Counted in memory instead: a hold Redis makes late must not stay counted there.
        asked.then((late) => late.refusedBy < 0 && this.add(scopes, periods, -reservation, true), () => undefined);
        this.fallback.failed(error, true);
      }
    }
    await Promise.all(scopes.map((scope, i) => this.startInMemory(scope, periods[i]!.start)));
    for (let i = 0; i < scopes.length; i += 1) {
      const spent = this.memory.spent(scopes[i]!.id, periods[i]!.start) ?? 0;
      if (spent + reservation > scopes[i]!.budget.amount) return { refusedBy: i, periods, spent, inRedis: false };
    }
    scopes.forEach((scope, i) => this.memory.add(scope.id, periods[i]!.start, reservation));
    return { refusedBy: -1, periods, spent: 0, inRedis: false };
  }

  /** Adds to the spend of the periods a request was admitted in (its charge less its reservation, or the reservation given back). */
  add(scopes: readonly BudgetScope[], periods: readonly PeriodBounds[], quota: number, inRedis: boolean): void {
    if (quota === 0) return;
    scopes.forEach((scope, i) => {
      const { start } = periods[i]!;
      if (!inRedis) return this.memory.add(scope.id, start, quota);
      // Off the response path: a lost adjustment only leaves the reservation counted instead of the charge.
      this.redis?.add(spendKey(scope.id, start), quota).catch((error: unknown) => this.fallback.failed(error, false));
    });
  }

  /** A scope's spend this period, for the console (starting its counter if no request did yet). */
  async spent(scope: BudgetScope, zone: string): Promise<ScopeSpend> {
    const period = this.periods.bounds(scope.budget.period, zone, this.now());
    if (this.fallback.useRedis()) {
      try {
        const key = spendKey(scope.id, period.start);
        const starting = this.startInRedis(scope, period, key);
        if (starting) await this.fallback.withinTimeout(starting);
        return { spent: (await this.fallback.withinTimeout(this.redis!.spent(key))) ?? 0, period };
      } catch (error) {
        this.fallback.failed(error, true);
      }
    }
    await this.startInMemory(scope, period.start);
    return { spent: this.memory.spent(scope.id, period.start) ?? 0, period };
  }

  private async admitInRedis(scopes: readonly BudgetScope[], periods: PeriodBounds[], reservation: number): Promise<BudgetVerdict> {
    // Back from a failure: the Redis may be a fresh one, so each counter is started again (SET NX keeps any that survived).
    if (this.fallback.failing) this.startedInRedis.clear();
    const counters = scopes.map((scope, i) => ({ key: spendKey(scope.id, periods[i]!.start), amount: scope.budget.amount, expiresAt: periods[i]!.end + SPEND_KEY_GRACE_MS }));
    await Promise.all(scopes.map((scope, i) => this.startInRedis(scope, periods[i]!, counters[i]!.key)));
    const { refusedBy, spent } = await this.redis!.hold(counters, reservation);
    this.fallback.answered();
    return { refusedBy, periods, spent, inRedis: true };
  }

  private startInMemory(scope: BudgetScope, start: number): Promise<void> | undefined {
    if (this.memory.spent(scope.id, start) !== undefined) return undefined;
    return this.startOnce(`m${scope.id}:${start}`, async () => this.memory.begin(scope.id, start, await this.readSpend(scope, start)));
  }

  private startInRedis(scope: BudgetScope, period: PeriodBounds, key: string): Promise<void> | undefined {
    if (this.startedInRedis.has(key)) return undefined;
    return this.startOnce(key, async () => {
      await this.redis!.begin(key, await this.readSpend(scope, period.start), period.end + SPEND_KEY_GRACE_MS);
      if (this.startedInRedis.size >= MAX_STARTED) this.startedInRedis.clear();
      this.startedInRedis.add(key);
    });
  }

  private startOnce(name: string, start: () => Promise<void>): Promise<void> {
    let started = this.starting.get(name);
    if (!started) {
      started = start().finally(() => this.starting.delete(name));
      this.starting.set(name, started);
    }
    return started;
  }
}
