import { COUNT, dayOf, hourOf, latencyBucket, ROLLUP_COUNT_COLUMNS } from '../../db/usage-rollups.js';
import type { TokenUsage } from '../../providers/token-usage.js';

/** One row's worth of rollups to add: its key (`period` is the hour, or the day of a daily cell), and its sums in ROLLUP_COUNT_COLUMNS order. */
export interface RollupCell {
  period: number;
  userId: number;
  tokenId: number;
  channelId: number;
  model: string;
  counts: number[];
}

/** A request as the rollups count it. A failed one (no answer billed) has no usage and no latency. */
export interface RollupSample {
  at: number;
  userId: number;
  tokenId: number;
  channelId: number;
  model: string;
  failed: boolean;
  usage?: TokenUsage;
  quota?: number;
  latencyMs?: number;
}

/**
 * Usage summed in memory per hour x user x key x channel x model until the writer takes it: adding a request
 * is a Map lookup and a few additions, so the relay pays nothing more per request, and a write upserts one
 * row per cell however many requests it holds.
 */
export class RollupCells {
  private cells = new Map<string, RollupCell>();

  get size(): number {
    return this.cells.size;
  }

  add(sample: RollupSample): void {
    const period = hourOf(sample.at);
    const model = storableModel(sample.model);
    const key = `${period}|${sample.tokenId}|${sample.channelId}|${sample.userId}|${model}`;
    let cell = this.cells.get(key);
    if (!cell) {
      cell = { period, userId: sample.userId, tokenId: sample.tokenId, channelId: sample.channelId, model, counts: new Array<number>(ROLLUP_COUNT_COLUMNS.length).fill(0) };
      this.cells.set(key, cell);
    }
    const { counts } = cell;
    counts[COUNT.requests]! += 1;
    if (sample.failed) counts[COUNT.errors]! += 1;
    const { usage } = sample;
    if (usage) {
      counts[COUNT.promptTokens]! += usage.promptTokens;
      counts[COUNT.completionTokens]! += usage.completionTokens;
      counts[COUNT.cacheReadTokens]! += usage.cacheReadTokens ?? 0;
      counts[COUNT.cacheWriteTokens]! += usage.cacheWriteTokens ?? 0;
      counts[COUNT.reasoningTokens]! += usage.reasoningTokens ?? 0;
    }
    counts[COUNT.quota]! += sample.quota ?? 0;
    if (sample.latencyMs !== undefined) {
      const ms = Math.round(sample.latencyMs);
      counts[COUNT.latencySum]! += ms;
      counts[COUNT.latencyCount]! += 1;
      counts[latencyBucket(ms)]! += 1;
    }
  }

  /** Takes every cell out, leaving this empty. */
  take(): RollupCell[] {
    const cells = [...this.cells.values()];
    this.cells = new Map();
    return cells;
  }

  /** Puts back cells a failed write took, summed with what was added since. */
  restore(cells: readonly RollupCell[]): void {
    sumInto(this.cells, cells, (period) => period);
  }
}

/** Hourly cells summed per UTC day: what a write adds to usage_rollups_daily. */
export function dailyCells(hourly: readonly RollupCell[]): RollupCell[] {
  const days = new Map<string, RollupCell>();
  sumInto(days, hourly, dayOf);
  return [...days.values()];
}

/** Hourly cells summed per hour over every user, key, channel and model: what a write adds to usage_totals. */
export function totalCells(hourly: readonly RollupCell[]): RollupCell[] {
  const hours = new Map<string, RollupCell>();
  sumInto(hours, hourly, (period) => period, true);
  return [...hours.values()];
}

function sumInto(target: Map<string, RollupCell>, cells: readonly RollupCell[], periodOf: (period: number) => number, periodOnly = false): void {
  for (const cell of cells) {
    const period = periodOf(cell.period);
    const key = periodOnly ? String(period) : `${period}|${cell.tokenId}|${cell.channelId}|${cell.userId}|${cell.model}`;
    const current = target.get(key);
    if (!current) target.set(key, periodOnly ? { period, userId: 0, tokenId: 0, channelId: 0, model: '', counts: [...cell.counts] } : { ...cell, period, counts: [...cell.counts] });
    else for (let i = 0; i < cell.counts.length; i += 1) current.counts[i]! += cell.counts[i]!;
  }
}

/** The rollups' model column: varchar(191), in which PostgreSQL takes no NUL character. */
const MODEL_COLUMN_LENGTH = 191;

/**
 * A model name as a rollup row can hold it. A refused request is counted under the model its client asked
 * for, which may be any text: one that the column refused would fail the whole batch of rollups (and, on
 * SQLite, the consume logs written with it) at every retry.
 */
export function storableModel(model: string): string {
  if (model.length <= MODEL_COLUMN_LENGTH && !model.includes('\u0000')) return model;
  return Array.from(model.replaceAll('\u0000', '')).slice(0, MODEL_COLUMN_LENGTH).join('');
}
