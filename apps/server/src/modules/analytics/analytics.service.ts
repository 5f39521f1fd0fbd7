import type { AnalyticsChannel, AnalyticsRangeQuery, AnalyticsSums, AnalyticsSummary, AnalyticsTopItem, AnalyticsTopQuery } from '@tollgate/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { DAY, HOUR } from '../../db/usage-rollups.js';
import { piecesOf, type AnalyticsScope, type RollupPiece } from './analytics-scope.js';
import { cacheHitsOf, channelSums, namesOf, SUMMED, sumsByDimension, sumsByPeriod, type Summed } from './analytics.repository.js';
import { latencyPercentile } from './latency-percentile.js';

const zero = (): Summed => Object.fromEntries(SUMMED.map((c) => [c, 0])) as Summed;

function answerOf({ latency_ms_sum, latency_count, ...counts }: Summed): AnalyticsSums {
  return { ...counts, latency_avg_ms: latency_count > 0 ? Math.round(latency_ms_sum / latency_count) : 0 };
}

function addInto(target: Summed, source: Summed): void {
  for (const column of SUMMED) target[column] += source[column];
}

/** Rows of every piece of the scope, read one piece after another. */
async function fromPieces<T>(pieces: RollupPiece[], read: (piece: RollupPiece) => Promise<T[]>): Promise<T[]> {
  const rows: T[] = [];
  for (const piece of pieces) rows.push(...(await read(piece)));
  return rows;
}

/** Rows of several pieces summed per key (a user, key, model or channel read from hourly and daily pieces). */
function mergeByKey<T extends Summed & { key: string; buckets?: number[] }>(rows: T[]): T[] {
  const merged = new Map<string, T>();
  for (const row of rows) {
    const current = merged.get(row.key);
    if (!current) merged.set(row.key, { ...row, ...(row.buckets ? { buckets: [...row.buckets] } : {}) });
    else {
      addInto(current, row);
      row.buckets?.forEach((count, i) => (current.buckets![i]! += count));
    }
  }
  return [...merged.values()];
}

/** Where a summary's sums come from: every user's hours (one row each), or one user's rows, by UTC day when that is asked. */
function summaryPieces(scope: AnalyticsScope, utcDays: boolean): RollupPiece[] {
  if (scope.userId === undefined) return [{ table: 'usage_totals', period: 'hour', start: scope.start, end: scope.end }];
  return utcDays ? piecesOf(scope) : [{ table: 'usage_rollups', period: 'hour', ...scope }];
}

/**
 * Totals and a series over the range: a point per hour, or per day starting at midnight `utc_offset` seconds
 * east of UTC (the console's time zone); hours and days without requests are zeros, so a chart has no gaps.
 */
export async function summary(db: Kysely<Database>, scope: AnalyticsScope, range: AnalyticsRangeQuery): Promise<AnalyticsSummary> {
  const step = range.granularity === 'day' ? DAY : HOUR;
  const rows = await fromPieces(summaryPieces(scope, step === DAY && range.utc_offset % DAY === 0), (piece) => sumsByPeriod(db, piece));
  const pointOf = (period: number) => (step === HOUR ? period : Math.floor((period + range.utc_offset) / DAY) * DAY - range.utc_offset);
  const points = new Map<number, Summed>();
  for (let time = pointOf(Math.ceil(range.start / HOUR) * HOUR); time < range.end; time += step) points.set(time, zero());
  const totals = zero();
  for (const { period, ...sums } of rows) {
    addInto(totals, sums);
    const point = points.get(pointOf(period));
    if (point) addInto(point, sums);
  }
  // The totals table has no channels: hits are read from the rollups by channel (one small sum per piece).
  const cacheHits = (await fromPieces(piecesOf(scope), async (piece) => [await cacheHitsOf(db, piece)])).reduce((sum, hits) => sum + hits, 0);
  return {
    start: range.start,
    end: range.end,
    granularity: range.granularity,
    totals: answerOf(totals),
    series: [...points].map(([time, sums]) => ({ time, ...answerOf(sums) })),
    cache_hits: cacheHits,
    cache_hit_rate: totals.requests > 0 ? cacheHits / totals.requests : 0,
  };
}

/** The largest users, keys, models or channels of the scope, with the names to show. */
export async function top(db: Kysely<Database>, scope: AnalyticsScope, query: AnalyticsTopQuery): Promise<AnalyticsTopItem[]> {
  const all = mergeByKey(await fromPieces(piecesOf(scope), (piece) => sumsByDimension(db, piece, query.dimension))).filter((row) => query.dimension !== 'channel' || row.key !== NO_CHANNEL);
  const rows = all.sort((a, b) => b[query.by] - a[query.by] || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0)).slice(0, query.limit);
  const names = query.dimension === 'model' ? undefined : await namesOf(db, query.dimension, rows.map((row) => Number(row.key)));
  return rows.map((row) => ({
    key: row.key,
    name: names ? (names.get(Number(row.key)) ?? `#${row.key}`) : row.key,
    requests: row.requests,
    errors: row.errors,
    quota: row.quota,
    prompt_tokens: row.prompt_tokens,
    completion_tokens: row.completion_tokens,
  }));
}

/**
 * The rollups' channel 0: requests refused before any channel was called (no channel, no price, a limit). They are
 * in the totals' requests and errors, as in the logs, but are no channel's: the channel lists leave them out.
 */
const NO_CHANNEL = '0';

/** Each channel's error rate and latency over the scope, the busiest first. */
export async function channels(db: Kysely<Database>, scope: AnalyticsScope): Promise<AnalyticsChannel[]> {
  const rows = mergeByKey(await fromPieces(piecesOf(scope), (piece) => channelSums(db, piece))).filter((row) => row.key !== NO_CHANNEL);
  const names = await namesOf(db, 'channel', rows.map((row) => Number(row.key)));
  return rows
    .map((row) => ({
      channel_id: Number(row.key),
      name: names.get(Number(row.key)) ?? `#${row.key}`,
      requests: row.requests,
      errors: row.errors,
      error_rate: row.requests > 0 ? row.errors / row.requests : 0,
      latency_avg_ms: row.latency_count > 0 ? Math.round(row.latency_ms_sum / row.latency_count) : 0,
      latency_p50_ms: latencyPercentile(row.buckets, row.latency_ms_sum, 0.5),
      latency_p95_ms: latencyPercentile(row.buckets, row.latency_ms_sum, 0.95),
    }))
    .sort((a, b) => b.requests - a.requests || a.channel_id - b.channel_id);
}
