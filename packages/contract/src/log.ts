import { z } from 'zod';
import type { ClientProtocol } from './catalog/client-protocols.js';
import type { MessageCode } from './messages/catalog.js';
import type { FallbackStep } from './fallbacks.js';
import type { LogCostKind, PriceOrigin } from './price.js';

/** `{field} must be a whole number`, the field named by the failing key. */
const LOG_WHOLE_NUMBER = 'log.whole_number' satisfies MessageCode;

/**
 * An integer query parameter: absent or '' means 0 (the console sends every filter key, empty ones as '');
 * anything else must be a whole number.
 */
const queryInt = () =>
  z
    .union([z.string(), z.number()], { error: LOG_WHOLE_NUMBER })
    .optional()
    .transform((value) => (value === undefined || (typeof value === 'string' && value.trim() === '') ? 0 : Number(value)))
    .pipe(z.number({ error: LOG_WHOLE_NUMBER }).int(LOG_WHOLE_NUMBER));

/** A text filter; absent means '' (no filter). */
const queryText = z.string().optional().default('');

/**
 * Filters of GET /api/log/ and /api/log/self and of their /stat (`p` is read apart): each is optional and
 * '' means none; type 0 means every type; both timestamps are inclusive unix seconds; channel is an id.
 */
export const LogQuerySchema = z.object({
  type: queryInt(),
  username: queryText,
  token_name: queryText,
  model_name: queryText,
  start_timestamp: queryInt(),
  end_timestamp: queryInt(),
  channel: queryInt(),
});
export type LogQuery = z.output<typeof LogQuerySchema>;

/** Codes of the log routes' messages (messages/resource-messages.ts). */
export const LogMessages = {
  targetTimestampRequired: 'log.target_timestamp_required',
} as const satisfies Record<string, MessageCode>;

/** DELETE /api/log/?target_timestamp=: deletes logs created before it; the answer's data is the count. */
export const PurgeLogsQuerySchema = z.object({
  target_timestamp: queryInt().refine((value) => value > 0, LogMessages.targetTimestampRequired),
});

/** A log row as the console reads it: strings never null, `channel` is the channel id (also as `channel_id`). */
export interface LogView {
  id: number;
  user_id: number;
  created_at: number;
  type: number;
  content: string;
  username: string;
  token_name: string;
  model_name: string;
  quota: number;
  prompt_tokens: number;
  completion_tokens: number;
  channel: number;
  channel_id: number;
  request_id: string;
  elapsed_time: number;
  is_stream: boolean;
  system_prompt_reset: boolean;
  /** A consume or error log's detail, a JSON `LogOther` ('' for older rows and other log types). */
  other: string;
}

/**
 * What a consume or error log records beside one-api's columns, as JSON in Tollgate's `other` column: how the
 * client called, the kinds of tokens inside the prompt and completion counts, and the ratios each was
 * charged at. Token kinds are parts of `prompt_tokens` (cache reads and writes) or `completion_tokens`
 * (reasoning), never added to them; a missing field means none (or, for a ratio, not applied).
 */
export interface LogOther {
  /** The protocol the client spoke. */
  protocol?: ClientProtocol;
  /** The request went to the upstream in the client's own protocol, unconverted. */
  passthrough?: boolean;
  /** The answer came from Tollgate's response cache (no channel called), billed at ResponseCacheBilledFraction. */
  cache_hit?: boolean;
  /**
   * The answer was cut short, billed for what was produced: the upstream broke off or failed mid-stream
   * (the client got an error event, never a success marker), or the client left.
   */
  interrupted?: 'upstream' | 'client';
  /** What the conversion left out of the client's request: fields and tools the channel cannot take, by name. */
  dropped?: string[];
  cache_read_tokens?: number;
  cache_write_tokens?: number;
  reasoning_tokens?: number;
  model_ratio?: number;
  group_ratio?: number;
  completion_ratio?: number;
  /** Price of a cached input token read, relative to an input token. */
  cache_read_ratio?: number;
  /** Price of an input token written to the cache, relative to an input token. */
  cache_write_ratio?: number;
  /** Price of a reasoning token, relative to an input token (the completion ratio unless set apart). */
  reasoning_ratio?: number;
  /** The long-context tier the request was priced at (its threshold in prompt tokens), when one applied. */
  tier?: number;
  /** Where the model's price came from (the operator, the price source and its date, Tollgate's table). */
  price_origin?: PriceOrigin;
  /** What each kind of token cost: their sum, rounded up, is the row's quota. */
  costs?: LogCost[];
  /** An image generation's size and quality (`hd`, when asked), which chose its size ratio. */
  image_size?: string;
  image_quality?: string;
  /** The image's price relative to the model's base size (dall-e-3 HD included), already in its cost line's ratio. */
  size_ratio?: number;
  /** An error log's HTTP status, the one its client was answered with (the message is the row's content). */
  status?: number;
  /** An error log's channels, in the order they were called (retries after the first); none when it was refused before any call. */
  channels?: number[];
  /** The models tried before the one that answered (a consume log), or every model tried (an error log), with their channels (docs/fallbacks.md). */
  fallback?: FallbackStep[];
}

/**
 * One line of a consume log's cost: `tokens` of a kind at `ratio` quota points per token (the model's price
 * of that kind, tier applied, before the group ratio), costing `quota` = tokens x ratio x group ratio points.
 * A model priced per call has one line of kind `request`: 1 request at `ratio` points. Images count images
 * (`ratio` is the points of one image at its size, model ratio x size ratio x 1000, and `quota` is rounded
 * down per image, as charged); text to speech counts the input's characters; a transcript counts its tokens.
 */
export interface LogCost {
  kind: LogCostKind;
  /** Tokens of that kind, or 1 for a request priced per call. */
  tokens: number;
  ratio: number;
  quota: number;
}

/** A log row's `other`, read leniently: a row written by one-api or by hand may hold anything. */
export function parseLogOther(other: string | null | undefined): LogOther {
  if (!other) return {};
  try {
    const parsed: unknown = JSON.parse(other);
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as LogOther) : {};
  } catch {
    return {};
  }
}

/** GET /api/log/stat data: the quota of the consume logs matching the filters. */
export interface LogStat {
  quota: number;
}

/**
 * GET /api/user/dashboard data: one row per UTC day and model of my consume logs of the last 7 days.
 * PascalCase, because one-api's Go struct has no JSON tags and its console reads these names.
 */
export interface DashboardRow {
  Day: string;
  ModelName: string;
  RequestCount: number;
  Quota: number;
  PromptTokens: number;
  CompletionTokens: number;
}
