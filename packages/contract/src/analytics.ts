import { z } from 'zod';

/**
 * The usage analytics of /api/analytics (every user's, admins) and /api/analytics/self (the caller's own
 * keys), read from the hourly rollups. Times are epoch seconds; a range [start, end) takes the hours that
 * start inside it.
 */

/** The longest range one question may cover: a year and a day (a leap year's 366 days). */
export const ANALYTICS_MAX_RANGE_SECONDS = 366 * 86_400;

/** The refusals of the analytics questions, as codes of the message catalog (messages/analytics-messages.ts). */
export const AnalyticsMessages = {
  startRequired: 'analytics.start_required',
  endRequired: 'analytics.end_required',
  startAfterEnd: 'analytics.start_after_end',
  rangeTooLong: 'analytics.range_too_long',
  granularity: 'analytics.granularity',
  utcOffset: 'analytics.utc_offset',
  dimension: 'analytics.dimension',
  selfDimension: 'analytics.self_dimension',
  orderBy: 'analytics.order_by',
  limit: 'analytics.limit',
} as const;

const epochSeconds = (message: string) =>
  z
    .union([z.string(), z.number()], { error: message })
    .transform((value) => (typeof value === 'string' && value.trim() === '' ? Number.NaN : Number(value)))
    .pipe(z.number({ error: message }).int(message).min(0, message));

/** What every question takes: the range, its granularity, and the offset of the days from UTC (the console's time zone). */
export const AnalyticsRangeQuerySchema = z
  .object({
    start: epochSeconds(AnalyticsMessages.startRequired),
    end: epochSeconds(AnalyticsMessages.endRequired),
    granularity: z.enum(['hour', 'day'], { error: AnalyticsMessages.granularity }).optional().default('hour'),
    utc_offset: z.coerce.number({ error: AnalyticsMessages.utcOffset }).int(AnalyticsMessages.utcOffset).min(-50_400, AnalyticsMessages.utcOffset).max(50_400, AnalyticsMessages.utcOffset).optional().default(0),
  })
  .refine((query) => query.start < query.end, AnalyticsMessages.startAfterEnd)
  .refine((query) => query.end - query.start <= ANALYTICS_MAX_RANGE_SECONDS, AnalyticsMessages.rangeTooLong);
export type AnalyticsRangeQuery = z.output<typeof AnalyticsRangeQuerySchema>;

export const ANALYTICS_DIMENSIONS = ['user', 'token', 'model', 'channel'] as const;
export type AnalyticsDimension = (typeof ANALYTICS_DIMENSIONS)[number];

/** GET …/top: the largest `limit` users, keys, models or channels of the range, by quota (cost) or by requests. */
export const AnalyticsTopQuerySchema = z.object({
  dimension: z.enum(ANALYTICS_DIMENSIONS, { error: AnalyticsMessages.dimension }),
  by: z.enum(['quota', 'requests'], { error: AnalyticsMessages.orderBy }).optional().default('quota'),
  limit: z.coerce.number({ error: AnalyticsMessages.limit }).int(AnalyticsMessages.limit).min(1, AnalyticsMessages.limit).max(100, AnalyticsMessages.limit).optional().default(10),
});
export type AnalyticsTopQuery = z.output<typeof AnalyticsTopQuerySchema>;

/** The sums of a range or of a point of a series. */
export const AnalyticsSumsSchema = z.object({
  requests: z.number(),
  errors: z.number(),
  prompt_tokens: z.number(),
  completion_tokens: z.number(),
  cache_read_tokens: z.number(),
  cache_write_tokens: z.number(),
  reasoning_tokens: z.number(),
  quota: z.number(),
  /** Mean latency of the answered requests, ms; 0 when none was answered. */
  latency_avg_ms: z.number(),
});
export type AnalyticsSums = z.infer<typeof AnalyticsSumsSchema>;

/** GET …/summary data: the range's totals and a point per hour or day (every one, empty ones as zeros). */
export const AnalyticsSummarySchema = z.object({
  start: z.number(),
  end: z.number(),
  granularity: z.enum(['hour', 'day']),
  totals: AnalyticsSumsSchema,
  series: z.array(AnalyticsSumsSchema.extend({ time: z.number() })),
  /** Requests of the range answered from the response cache (docs/response-cache.md), and their share of all requests (0 to 1). */
  cache_hits: z.number(),
  cache_hit_rate: z.number(),
});
export type AnalyticsSummary = z.infer<typeof AnalyticsSummarySchema>;

/** One entry of GET …/top: `key` is the id (users, keys, channels) or the model's name; `name` is what to show. */
export const AnalyticsTopItemSchema = z.object({
  key: z.string(),
  name: z.string(),
  requests: z.number(),
  errors: z.number(),
  quota: z.number(),
  prompt_tokens: z.number(),
  completion_tokens: z.number(),
});
export type AnalyticsTopItem = z.infer<typeof AnalyticsTopItemSchema>;
export const AnalyticsTopSchema = z.array(AnalyticsTopItemSchema);

/**
 * One channel of GET /api/analytics/channels: its requests and errors (a request counts under the channel it
 * tried last), and the latency of its answered requests: the mean, and for p50 and p95 a latency that share of
 * the requests did not exceed, proven from the same rollups as the mean (histogram buckets and the latency sum),
 * an upper bound rather than an interpolated guess.
 */
export const AnalyticsChannelSchema = z.object({
  channel_id: z.number(),
  name: z.string(),
  requests: z.number(),
  errors: z.number(),
  error_rate: z.number(),
  latency_avg_ms: z.number(),
  latency_p50_ms: z.number(),
  latency_p95_ms: z.number(),
});
export type AnalyticsChannel = z.infer<typeof AnalyticsChannelSchema>;
export const AnalyticsChannelsSchema = z.array(AnalyticsChannelSchema);
