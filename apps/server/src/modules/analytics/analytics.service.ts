import type { AnalyticsChannel, AnalyticsRangeQuery, AnalyticsSums, AnalyticsSummary, AnalyticsTopItem, AnalyticsTopQuery } from '@tollgate/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { AnalyticsScope } from './analytics-scope.js';
import { channelHealth, namesOf, SUMMED, sumsByHour, topOf, type Summed } from './analytics.repository.js';
import { latencyPercentile } from './latency-percentile.js';

const HOUR = 3600;
const DAY = 86_400;

const zero = (): Summed => Object.fromEntries(SUMMED.map((c) => [c, 0])) as Summed;

function answerOf({ latency_ms_sum, latency_count, ...counts }: Summed): AnalyticsSums {
  return { ...counts, latency_avg_ms: latency_count > 0 ? Math.round(latency_ms_sum / latency_count) : 0 };
}

function addInto(target: Summed, source: Summed): void {
  for (const column of SUMMED) target[column] += source[column];
}

/**
 * Totals and a series over the range: a point per hour, or per day starting at midnight `utc_offset` seconds
 * east of UTC (the console's time zone); hours and days without requests are zeros, so a chart has no gaps.
 */
export async function summary(db: Kysely<Database>, scope: AnalyticsScope, range: AnalyticsRangeQuery): Promise<AnalyticsSummary> {
  const hours = await sumsByHour(db, scope);
  const step = range.granularity === 'day' ? DAY : HOUR;
  const pointOf = (hour: number) => (step === HOUR ? hour : Math.floor((hour + range.utc_offset) / DAY) * DAY - range.utc_offset);
  const firstHour = Math.ceil(range.start / HOUR) * HOUR;
  const points = new Map<number, Summed>();
  for (let time = pointOf(firstHour); time < range.end; time += step) points.set(time, zero());
  const totals = zero();
  for (const { hour, ...sums } of hours) {
    addInto(totals, sums);
    const point = points.get(pointOf(hour));
    if (point) addInto(point, sums);
  }
  return {
    start: range.start,
    end: range.end,
    granularity: range.granularity,
    totals: answerOf(totals),
    series: [...points].map(([time, sums]) => ({ time, ...answerOf(sums) })),
  };
}

/** The largest users, keys, models or channels of the scope, with the names to show. */
export async function top(db: Kysely<Database>, scope: AnalyticsScope, query: AnalyticsTopQuery): Promise<AnalyticsTopItem[]> {
  const rows = await topOf(db, scope, query.dimension, query.by, query.limit);
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

/** Each channel's error rate and latency over the scope, the busiest first. */
export async function channels(db: Kysely<Database>, scope: AnalyticsScope): Promise<AnalyticsChannel[]> {
  const rows = await channelHealth(db, scope);
  const names = await namesOf(db, 'channel', rows.map((row) => row.channelId).filter((id) => id > 0));
  return rows
    .map((row) => ({
      channel_id: row.channelId,
      name: names.get(row.channelId) ?? `#${row.channelId}`,
      requests: row.requests,
      errors: row.errors,
      error_rate: row.requests > 0 ? row.errors / row.requests : 0,
      latency_avg_ms: row.latency_count > 0 ? Math.round(row.latency_ms_sum / row.latency_count) : 0,
      latency_p50_ms: latencyPercentile(row.buckets, 0.5),
      latency_p95_ms: latencyPercentile(row.buckets, 0.95),
    }))
    .sort((a, b) => b.requests - a.requests || a.channel_id - b.channel_id);
}
