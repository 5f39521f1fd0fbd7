import type { Kysely } from 'kysely';
import type { AppContext } from '../../context.js';
import type { AppLogger } from '../../observability/app-logger.js';
import type { Database } from '../../db/schema.js';
import { nowSeconds } from '../../lib/random.js';
import { markChecked, readStoredState } from './price-source-file.repository.js';
import { priceSourceDeps, PriceSourceUpdates, SCHEDULE_ACTOR } from './price-source.service.js';

export type ScheduledCheck = 'off' | 'not_due' | 'unchanged' | 'applied' | 'failed';

interface ScheduleDeps {
  db: Kysely<Database>;
  options: { num(key: string): number };
  log: AppLogger;
  /** Epoch seconds now. */
  clock?: () => number;
}

/** How often a node looks whether a refresh is due: a cheap read of one row. */
const TICK_MS = 60_000;
/** A failed refresh (the source unreachable, a broken file) is tried again after an hour, or the period if shorter. */
const RETRY_SECONDS = 3600;

/**
 * The scheduled refresh (option PriceSourceRefreshHours, 0 = off): every so many hours the source's file is
 * downloaded and, when it differs from the stored one and validates, applied without a question (turning the
 * option on is the consent). The period counts from the last fetch any node recorded (`checked_at`), so a
 * restart does not reset it and the nodes of a cluster share it; two nodes that check at once download the
 * same file and the second finds nothing to do. A failure is logged and the prices in force stay.
 */
export class PriceSourceSchedule {
  private readonly clock: () => number;
  private readonly startedAt: number;
  private lastFailure = 0;
  private running = false;
  private timer?: NodeJS.Timeout;

  constructor(
    private readonly updates: PriceSourceUpdates,
    private readonly deps: ScheduleDeps,
  ) {
    this.clock = deps.clock ?? nowSeconds;
    this.startedAt = this.clock();
  }

  start(tickMs = TICK_MS): this {
    this.timer = setInterval(() => void this.check(), tickMs);
    this.timer.unref();
    return this;
  }

  stop(): void {
    clearInterval(this.timer);
  }

  /** One look: refreshes when due; never throws (a failure is the answer `failed`, and is logged). */
  async check(): Promise<ScheduledCheck> {
    const hours = this.deps.options.num('PriceSourceRefreshHours');
    if (hours <= 0) return 'off';
    if (this.running) return 'not_due';
    this.running = true;
    try {
      return await this.refreshIfDue(hours * 3600);
    } catch (error) {
      this.lastFailure = this.clock();
      this.deps.log.warn({ err: error }, 'scheduled price source refresh failed: the prices in force are kept');
      return 'failed';
    } finally {
      this.running = false;
    }
  }

  private async refreshIfDue(periodSeconds: number): Promise<ScheduledCheck> {
    const { db, log } = this.deps;
    const now = this.clock();
    // Before the first stored file the period counts from this node's start: a start never fetches.
    const lastCheck = (await readStoredState(db))?.checkedAt ?? this.startedAt;
    if (now < lastCheck + periodSeconds || now < this.lastFailure + Math.min(RETRY_SECONDS, periodSeconds)) return 'not_due';
    const checked = await this.updates.check();
    // Read again: another node may have applied this very file while it downloaded.
    if ((await readStoredState(db))?.sha256 === checked.file.sha256) {
      await markChecked(db, now);
      return 'unchanged';
    }
    const diff = await this.updates.applyChecked(checked, SCHEDULE_ACTOR);
    const names = (models: { provider: string; model: string }[]) => models.slice(0, 20).map(({ provider, model }) => `${provider}/${model}`);
    log.info({ counts: diff.counts, added: names(diff.added), changed: names(diff.changed), removed: names(diff.removed) }, 'price source refreshed on schedule');
    return 'applied';
  }
}

/** Starts the scheduled refresh on a master node; the caller stops it at shutdown. */
export function schedulePriceSourceRefresh(ctx: AppContext): PriceSourceSchedule | undefined {
  if (ctx.config.NODE_TYPE !== 'master') return undefined;
  return new PriceSourceSchedule(new PriceSourceUpdates(priceSourceDeps(ctx)), { db: ctx.db, options: ctx.options, log: ctx.log }).start();
}
