import { LogType, logPhrase, type ClientProtocol, type FallbackStep } from '@tollgate/contract';
import type { AppContext } from '../context.js';
import type { NewLog } from '../db/schema.js';
import { nowSeconds } from '../lib/random.js';
import { takeFromKey, type KeyRecord } from './auth/key-cache.js';
import { clean } from './billing/price-tier.js';
import type { Price } from './billing/pricing.js';
import type { Usage } from './billing/quota.js';
import type { Reservation } from './billing/reservation.js';
import type { UnitBreakdown } from './billing/unit-breakdown.js';
import { failureLog, type FailureFacts } from './failure-log.js';
import { logOtherJson, priceTexts } from './log-other.js';
import { ratioInText } from './billing/ratio-text.js';

export interface ConsumeFacts {
  record: KeyRecord;
  reservation: Reservation;
  channelId: number;
  model: string;
  usage: Usage;
  price: Price;
  quota: number;
  requestId: string;
  elapsedMs: number;
  stream: boolean;
  systemPromptReset: boolean;
  /** How an image or audio request was charged; its log names only the model and group ratios (reference 1.8). */
  breakdown?: UnitBreakdown;
  /** The protocol the client spoke, and whether its request passed through unconverted. */
  protocol: ClientProtocol;
  passthrough: boolean;
  /** The answer was cut short: by the upstream (it broke off or failed mid-stream) or by the client leaving. */
  interrupted?: 'upstream' | 'client';
  /** What the conversion left out of the client's request, by name (providers/left-out.ts). */
  leftOut?: readonly string[];
  /** The answer came from the response cache (relay/cache/): no channel was called. */
  cacheHit?: boolean;
  /** The models tried before the one that answered (relay/fallbacks); undefined when it did not fall back. */
  fallback?: readonly FallbackStep[] | undefined;
}

const INTERRUPTED_TEXT = { upstream: logPhrase('upstreamInterrupted'), client: logPhrase('clientInterrupted') } as const;

/**
 * Queues the final charge, the counters, the consume log (when LogConsumeEnabled) and the request's share of
 * the hourly rollups (always) for the batched writer. A stream the upstream broke off counts as an error.
 * The delivery calls this before it writes the answer's end (deliver.ts's Finish), and waits for the promise
 * it answers (the journal's write of the turn's settlements, on a node with a journal) before writing it: a
 * client that has its whole answer has a bill a kill -9 cannot take away.
 */
export function settle(ctx: AppContext, facts: ConsumeFacts): Promise<void> | undefined {
  const at = nowSeconds();
  const log: NewLog | undefined = ctx.options.bool('LogConsumeEnabled') ? consumeLog(facts, at) : undefined;
  const { record, channelId, model, usage, quota } = facts;
  const rollup = { at, userId: record.userId, tokenId: record.tokenId, channelId, model, failed: facts.interrupted === 'upstream', usage, quota, latencyMs: facts.elapsedMs };
  ctx.relay.usage.record({ reservation: facts.reservation, charged: quota, counted: true, channelId, log, rollup, requestId: facts.requestId });
  takeFromKey(record, quota);
  return ctx.relay.usage.journaled();
}

/**
 * Counts a request that ended without a billed answer in the rollups, as an error of the channel and model it tried
 * last, or of channel 0 and the model asked for when it was refused before any channel was called; and queues its
 * error log (when LogConsumeEnabled, as consume logs) for the same batched writer, so a failure costs the response
 * path no await. The requests counted here are exactly the dashboard's errors (less a stream the upstream broke
 * off, which is billed and has its consume log): refusals after the key and the body were read, and failed calls.
 * A bad key (no user to log under) and a malformed body are refused before, and counted nowhere: a flood of them
 * writes nothing.
 */
export function recordFailure(ctx: AppContext, facts: FailureFacts): void {
  const at = nowSeconds();
  const { record } = facts;
  const sample = { at, userId: record.userId, tokenId: record.tokenId, channelId: facts.channels.at(-1) ?? 0, model: facts.countedModel ?? facts.model, failed: true };
  ctx.relay.usage.tally(sample, ctx.options.bool('LogConsumeEnabled') ? failureLog(facts, at) : undefined);
}

/** Gives a failed request's reservation back. */
export function refund(ctx: AppContext, reservation: Reservation): void {
  if (reservation.amount > 0) ctx.relay.usage.record({ reservation, charged: 0, counted: false, channelId: 0 });
}

/** one-api's ratio text, then the token kinds that were priced apart (Tollgate's), if any. */
function ratioText(facts: ConsumeFacts): string {
  const { price, usage } = facts;
  const interrupted = facts.interrupted ? `; ${INTERRUPTED_TEXT[facts.interrupted]}` : '';
  if (price.perRequest !== undefined) return logPhrase('perRequest', { quota: clean(price.perRequest), group: ratioInText(price.groupRatio) }) + interrupted;
  if (facts.breakdown) return facts.breakdown.ratioText + interrupted;
  const parts = [priceTexts(price).summary];
  if (usage.cacheReadTokens) parts.push(logPhrase('cacheRead', { tokens: usage.cacheReadTokens, ratio: ratioInText(price.cacheReadRatio ?? 1) }));
  if (usage.cacheWriteTokens) parts.push(logPhrase('cacheWrite', { tokens: usage.cacheWriteTokens, ratio: ratioInText(price.cacheWriteRatio ?? 1) }));
  if (usage.reasoningTokens) parts.push(logPhrase('reasoning', { tokens: usage.reasoningTokens, ratio: ratioInText(price.reasoningRatio ?? price.completionRatio) }));
  if (price.tier !== undefined) parts.push(logPhrase('tier', { tokens: price.tier }));
  return parts.join(', ') + interrupted;
}

function consumeLog(facts: ConsumeFacts, at: number): NewLog {
  return {
    user_id: facts.record.userId,
    username: facts.record.username,
    created_at: at,
    type: LogType.Consume,
    content: ratioText(facts),
    token_name: facts.record.tokenName,
    model_name: facts.model,
    quota: facts.quota,
    prompt_tokens: facts.usage.promptTokens,
    completion_tokens: facts.usage.completionTokens,
    channel_id: facts.channelId,
    request_id: facts.requestId,
    elapsed_time: Math.round(facts.elapsedMs),
    is_stream: facts.stream,
    system_prompt_reset: facts.systemPromptReset,
    other: logOtherJson(facts),
  };
}
