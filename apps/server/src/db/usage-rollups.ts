import type { ColumnSpec, TableSpec } from './migrations/one-api-tables.js';

/**
 * The hourly usage rollups: one row per hour x user x key x channel x model, summed by the batched usage
 * writer as it settles (never by scanning `logs`), so the dashboard reads hundreds of rows instead of
 * millions, and purging old logs keeps their totals. The same sums per UTC day (`usage_rollups_daily`) let a
 * month's top lists and channel health read about 24 times fewer rows: grouping 144,000 hourly rows took
 * SQLite 120-500 ms (bench/analytics-query.ts). The sums of each hour over everything (`usage_totals`) give
 * the admin's series in any time zone from 720 rows a month.
 */

/** Upper bounds (ms, inclusive) of the latency histogram's buckets; a last bucket takes everything slower. */
export const LATENCY_BOUNDS_MS = [50, 100, 200, 400, 700, 1000, 1500, 2000, 3000, 5000, 7500, 10_000, 15_000, 20_000, 30_000, 60_000, 120_000] as const;

/** The bucket columns, in bound order, then the overflow bucket. */
export const LATENCY_COLUMNS = [...LATENCY_BOUNDS_MS.map((bound) => `latency_le_${bound}` as const), 'latency_le_inf' as const];

/** The columns that identify a rollup row. */
export const ROLLUP_KEY_COLUMNS = ['hour', 'user_id', 'token_id', 'channel_id', 'model'] as const;
export const DAILY_KEY_COLUMNS = ['day', 'user_id', 'token_id', 'channel_id', 'model'] as const;

/** The columns that are summed, in the order of a cell's `counts`. */
export const ROLLUP_COUNT_COLUMNS: readonly RollupCountColumn[] = [
  'requests',
  'errors',
  'prompt_tokens',
  'completion_tokens',
  'cache_read_tokens',
  'cache_write_tokens',
  'reasoning_tokens',
  'quota',
  'latency_ms_sum',
  'latency_count',
  ...LATENCY_COLUMNS,
];

export type LatencyColumn = (typeof LATENCY_COLUMNS)[number];
export type RollupCountColumn =
  | 'requests'
  | 'errors'
  | 'prompt_tokens'
  | 'completion_tokens'
  | 'cache_read_tokens'
  | 'cache_write_tokens'
  | 'reasoning_tokens'
  | 'quota'
  | 'latency_ms_sum'
  | 'latency_count'
  | LatencyColumn;

type RollupDimensions = { user_id: number; token_id: number; channel_id: number; model: string } & Record<RollupCountColumn, number>;
/** A row of `usage_rollups`. */
export type UsageRollupsTable = { hour: number } & RollupDimensions;
/** A row of `usage_rollups_daily`: `day` is epoch seconds at 00:00 UTC. */
export type UsageRollupsDailyTable = { day: number } & RollupDimensions;
/** A row of `usage_totals`: every user's, key's, channel's and model's sums of an hour. */
export type UsageTotalsTable = { hour: number } & Record<RollupCountColumn, number>;

/** Where each summed value sits in a cell's `counts`. */
export const COUNT = {
  requests: 0,
  errors: 1,
  promptTokens: 2,
  completionTokens: 3,
  cacheReadTokens: 4,
  cacheWriteTokens: 5,
  reasoningTokens: 6,
  quota: 7,
  latencySum: 8,
  latencyCount: 9,
  firstBucket: 10,
} as const;

/** The index in `counts` of the histogram bucket a latency falls in. */
export function latencyBucket(ms: number): number {
  let bucket = 0;
  while (bucket < LATENCY_BOUNDS_MS.length && ms > LATENCY_BOUNDS_MS[bucket]!) bucket += 1;
  return COUNT.firstBucket + bucket;
}

const counter = (name: string): ColumnSpec => ({ name, type: 'bigint', notNull: true, default: 0 });

const rollupTable = (name: string, period: 'hour' | 'day'): TableSpec => ({
  name,
  columns: [
    { name: period, type: 'bigint', notNull: true },
    { name: 'user_id', type: 'int', notNull: true },
    { name: 'token_id', type: 'int', notNull: true },
    { name: 'channel_id', type: 'int', notNull: true },
    { name: 'model', type: 'varchar(191)', notNull: true },
    ...ROLLUP_COUNT_COLUMNS.map(counter),
  ],
  primaryKey: [period, 'user_id', 'token_id', 'channel_id', 'model'],
  // The primary key leads with the period (the admin's ranges); a user's own dashboard reads by user first.
  indexes: [{ name: `idx_${name}_user_${period}`, columns: ['user_id', period] }],
});

export const USAGE_ROLLUPS_TABLE = rollupTable('usage_rollups', 'hour');
export const USAGE_ROLLUPS_DAILY_TABLE = rollupTable('usage_rollups_daily', 'day');
export const USAGE_TOTALS_TABLE: TableSpec = { name: 'usage_totals', columns: [{ name: 'hour', type: 'bigint', notNull: true }, ...ROLLUP_COUNT_COLUMNS.map(counter)], primaryKey: ['hour'], indexes: [] };

export const HOUR = 3600;
export const DAY = 86_400;

/** Epoch seconds at the start of the hour holding `seconds`. */
export const hourOf = (seconds: number): number => seconds - (seconds % HOUR);
/** Epoch seconds at the start of the UTC day holding `seconds`. */
export const dayOf = (seconds: number): number => seconds - (seconds % DAY);
