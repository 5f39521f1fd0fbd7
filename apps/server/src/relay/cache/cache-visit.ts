import type { ClientProtocol } from '@tollgate/contract';
import type { AppContext } from '../../context.js';
import type { KeyRecord } from '../auth/key-cache.js';
import type { Price } from '../billing/pricing.js';
import type { Reservation } from '../billing/reservation.js';
import type { RelayReply } from '../relay-exchange.js';
import { settle } from '../settle.js';
import type { BudgetTicket } from '../budgets/budget-admission.js';
import type { LimitTicket } from '../limits/rate-limiter.js';
import type { Route } from '../routing/route.js';
import type { CachedAnswer } from './cache-entry.js';
import { CacheFill } from './cache-fill.js';
import { sendCachedAnswer } from './cache-hit.js';
import { CACHE_HEADER, type CacheMode } from './cache-mode.js';
import type { CacheSlot } from './response-cache.js';

/** A request that uses the cache: its answer from the cache (a hit), or the fill that keeps the answer it gets. */
export interface CacheVisit {
  slot: CacheSlot;
  hit?: CachedAnswer;
  fill?: CacheFill;
}

/**
 * Looks the request up (unless it refreshes), after its limits, budgets and reservation admitted it: a hit is
 * counted like any request. A miss is answered with x-tollgate-cache: miss and, when the answer may be kept,
 * a CacheFill for the delivery.
 */
export async function visitCache(ctx: AppContext, mode: CacheMode, slot: CacheSlot, stream: boolean, reply: RelayReply): Promise<CacheVisit> {
  const hit = mode.read ? await ctx.relay.responseCache.lookup(slot) : undefined;
  if (hit) return { slot, hit };
  reply.headers({ [CACHE_HEADER]: 'miss' });
  return mode.write ? { slot, fill: new CacheFill(stream, ctx.options.num('ResponseCacheMaxBytes')) } : { slot };
}

/** What a hit's consume log is written with. */
export interface HitFacts {
  record: KeyRecord;
  reservation: Reservation;
  /** The price the request was planned at: its log's ratios. */
  price: Price;
  requestId: string;
  startedAt: number;
  stream: boolean;
  protocol: ClientProtocol;
}

/** What the admitted request holds: the probe its route may have drawn, its rate limit and budget tickets. */
export interface HitHolds {
  route: Route;
  ticket: LimitTicket | undefined;
  budgetTicket: BudgetTicket | undefined;
}

/**
 * Serves a hit and settles it: a consume log with `other.cache_hit`, the original answer's model and usage, no
 * channel, and a charge of the original's times ResponseCacheBilledFraction (0 by default), held on the budgets.
 * The rate limits count the request, and no tokens (no upstream was called). Settled before the answer is sent,
 * as every answer is; what the request held is given back however the sending ends.
 */
export async function serveHit(ctx: AppContext, reply: RelayReply, answer: CachedAnswer, facts: HitFacts, holds: HitHolds): Promise<void> {
  holds.route.release();
  const quota = ctx.relay.responseCache.hitQuota(answer.quota);
  holds.ticket?.settle(0);
  holds.budgetTicket?.settle(quota);
  try {
    const journaled = settle(ctx, {
      record: facts.record,
      reservation: facts.reservation,
      channelId: 0,
      model: answer.model,
      usage: answer.usage,
      price: facts.price,
      quota,
      requestId: facts.requestId,
      elapsedMs: performance.now() - facts.startedAt,
      stream: facts.stream,
      systemPromptReset: false,
      protocol: facts.protocol,
      passthrough: false,
      cacheHit: true,
    });
    if (journaled) await journaled;
    await sendCachedAnswer(reply, answer);
  } finally {
    holds.ticket?.end();
    holds.budgetTicket?.end();
  }
}

/** Keeps a delivered answer, off the response path (its client already has it). */
export function keepAnswer(ctx: AppContext, visit: CacheVisit | undefined): void {
  const answer = visit?.fill?.result();
  if (answer) void ctx.relay.responseCache.keep(visit!.slot, answer);
}
