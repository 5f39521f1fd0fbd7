import type { FallbackStep } from '@tollgate/contract';
import type { AppContext } from '../context.js';
import { NOOP_OBSERVATION, NOOP_OBSERVER, type RelayObservation } from '../observability/relay-observation.js';
import type { AnswerContext } from '../providers/ingress.js';
import { LEFT_OUT_HEADER, leftOutHeader } from '../providers/left-out.js';
import { authenticate, checkModelAllowed, type Caller } from './auth/authenticate.js';
import { ClientHangup, NEVER_CANCELLED } from './client-hangup.js';
import type { Reservation } from './billing/reservation.js';
import { deliverAnswer, deliverStream, type Finish } from './deliver.js';
import { autoDisableChannel } from './health/channel-status.js';
import { RemoteImages } from './images/inline-images.js';
import { admitBudgets, type BudgetTicket } from './budgets/budget-admission.js';
import { cacheModeOf } from './cache/cache-mode.js';
import { keepAnswer, serveHit, visitCache } from './cache/cache-visit.js';
import { admit, limitScopes } from './limits/admission.js';
import type { LimitTicket } from './limits/rate-limiter.js';
import { RelayError } from './relay-error.js';
import { asRelayError } from './relay-conventions.js';
import type { RelayEndpoint } from './relay-endpoint.js';
import type { RelayHandler, RelayReply, RelayRequest } from './relay-exchange.js';
import { adaptorOfChannel, channelServes, planFor, type RelayPlan } from './relay-plan.js';
import { withHub, type RelayInput } from './request-input.js';
import type { RoutableChannel } from './routing/routable-channel.js';
import type { ChannelTable } from './routing/channel-table.js';
import { Route } from './routing/route.js';
import { recordFailure, refund, settle } from './settle.js';
import { TextTally } from './streaming/text-tally.js';
import { counterFor } from './tokens/encoders.js';
import { FALLBACK_CHAIN_HEADER, FALLBACK_MODEL_HEADER, FallbackRun, canFallBack, chainHeader, channelsOfSteps, type FallbackHop, type PlannedHop } from './fallbacks/fallback-run.js';
import { upstreamCall } from './upstream-call-loop.js';
import { estimatePromptTokens } from './usage.js';
import { chargedPerRequest, reservedQuota } from './billing/request-price.js';

/** A relayed POST's handler: the relay of one request, counted in flight until it ends (for a graceful shutdown). */
export const relayHandler =
  (ctx: AppContext, endpoint: RelayEndpoint): RelayHandler =>
  (request, reply) =>
    ctx.relay.inFlight.track(() => relay(ctx, request, reply, endpoint));

/**
 * The relay of one request, step by step: authenticate the key, read the body, pick a channel, admit it under
 * the rate limits of its key, user and group, reserve quota, call the upstream (retrying other channels on
 * failure), relay the answer, then settle the exact charge and write the consume log. What differs between
 * endpoints lives in their RelayEndpoint: the client's protocol, the ModeRules that read and price the
 * request, and the ingress that writes the answer.
 */
export function relay(ctx: AppContext, request: RelayRequest, reply: RelayReply, endpoint: RelayEndpoint): Promise<void> {
  const { observer } = ctx.relay;
  // Without metrics or traces nothing is added to the request: no route lookup (Fastify builds an object for it), no promise.
  if (observer === NOOP_OBSERVER) return relayRequest(ctx, request, reply, endpoint, NOOP_OBSERVATION);
  const observation = observer.begin(request.id, request.routeOptions.url ?? '', endpoint.protocol.protocol);
  return relayRequest(ctx, request, reply, endpoint, observation).then(
    () => observation.ended(reply.raw.statusCode),
    (error: unknown) => {
      observation.ended(asRelayError(error).status);
      throw error;
    },
  );
}

async function relayRequest(ctx: AppContext, request: RelayRequest, reply: RelayReply, endpoint: RelayEndpoint, observation: RelayObservation): Promise<void> {
  const startedAt = performance.now();
  const { mode, rules } = endpoint;
  const credential = endpoint.protocol.credential(request.headers, request.query as Record<string, unknown>);
  const authenticated = authenticate(ctx.relay.keys, credential, request.ip);
  // Awaited only when the key had to be read: an await costs every request a turn of the microtask queue.
  const caller = authenticated instanceof Promise ? await authenticated : authenticated;
  let input = rules.readInput(request);
  observation.routing();
  // The response cache (relay/cache/), keyed on the client's request: nothing is done unless its key or its header asks.
  const cacheMode = cacheModeOf(caller.record.responseCache === true, request.headers);
  const cacheSlot = cacheMode && ctx.relay.responseCache.slotOf(caller.record, endpoint, input);

  const { group } = caller.record;
  // Only a request whose group and model have a fallback chain (relay/fallbacks) gets a run along it; others make nothing.
  const chain = ctx.relay.fallbacks.chainOf(group, input.model);
  const fallbacks = chain && caller.pinnedChannelId === undefined && canFallBack(input) ? new FallbackRun(chain, caller, input, (next) => new Route(ctx.relay.channels.table, group, next.model, undefined, (channel) => channelServes(channel, next, mode), ctx.relay.breakers)) : undefined;
  const planWith = (channel: RoutableChannel, sent: RelayInput) => planFor(ctx, channel, sent, endpoint, request.url, group, request.headers);
  // Until the call is sent, a refusal (a model the key may not use, no channel, no price, a refused parameter,
  // a rate limit, no quota) gives back what the request took: its running slot, and the probe of a cooling
  // channel's circuit breaker if it drew that. It is counted in the rollups as an error of no channel, so the
  // dashboard's requests and error rate include it, and has an error log naming no channel.
  let route: Route | undefined;
  let firstChannel: RoutableChannel;
  let ticket: LimitTicket | undefined;
  let budgetTicket: BudgetTicket | undefined;
  let estimate: RelayPlan;
  let reservation: Reservation;
  try {
    checkModelAllowed(caller, input.model);
    const pinned = caller.pinnedChannelId ?? (endpoint.affinity ? await endpoint.affinity(ctx, input, caller.record) : undefined);
    route = new Route(ctx.relay.channels.table, group, input.model, pinned, (channel) => channelServes(channel, input, mode), ctx.relay.breakers);
    if (fallbacks && !pinned) {
      // A model of the chain that has no price is skipped; when every one left is, the first model's failure is answered.
      const planned: PlannedHop<RelayPlan> | undefined = fallbacks.planned(fallbacks.start(input, route), (hop) => planWith(hop.first, hop.input));
      if (!planned) throw fallbacks.endingError;
      ({ input, route, first: firstChannel } = planned.hop);
      if ('refused' in planned) throw planned.refused;
      estimate = planned.plan;
    } else {
      firstChannel = route.first();
      estimate = planWith(firstChannel, input);
    }
    observation.routed(input.model, firstChannel.id);
    reservation = { userId: caller.record.userId, tokenId: caller.record.tokenId, unlimitedToken: caller.record.unlimitedQuota, amount: reservedQuota(ctx, rules, estimate, input) };
    // Rate limits come before the reservation; a key, user and group without limits skip them entirely.
    const scopes = limitScopes(caller.record, ctx.relay.groupLimits);
    ticket = scopes && (await admit(ctx.relay.limiter, scopes, request.id, reply, () => estimatePromptTokens(mode, input.hub(), input.model)));
    // Budgets hold the reservation as spent until the charge is known; a key, user and group without one skip them.
    const budgetScopes = ctx.relay.budgets.scopesOf(caller.record);
    budgetTicket = budgetScopes && (await admitBudgets(ctx.relay.budgets, budgetScopes, reservation.amount, reply));
    const reserving = ctx.relay.reserver.reserve(reservation);
    if (reserving) await reserving;
  } catch (error) {
    ticket?.end();
    budgetTicket?.end();
    route?.release();
    const fallback = fallbacks?.fellBack ? fallbacks.failedSteps(input, [], asRelayError(error).status) : undefined;
    if (fallback) reply.headers({ [FALLBACK_CHAIN_HEADER]: chainHeader(fallback) });
    recordFailed(ctx, request, reply, { caller, input, startedAt, fallback }, error, fallback ? channelsOfSteps(fallback) : [], input.model, refusedModel(ctx.relay.channels.table, group, input.model));
    throw error;
  }
  // A hit is served as it was kept, settled at its share of the original charge, and calls no channel.
  const cached = cacheSlot ? await visitCache(ctx, cacheMode!, cacheSlot, input.stream, reply) : undefined;
  if (cached?.hit) return serveHit(ctx, reply, cached.hit, { record: caller.record, reservation, price: estimate.price, requestId: request.id, startedAt, stream: input.stream, protocol: input.protocol }, { route, ticket, budgetTicket });
  try {
    // Linked images are downloaded only after the reservation, and only for a converted request to a protocol that needs the bytes.
    const hangup = new ClientHangup(reply.raw);
    const images = new RemoteImages(ctx.relay.images, input.hub(), () => hangup.signal);
    const withImages = async (): Promise<RelayInput> => withHub(input, await images.inputWithImages());
    // The plan tried last: a request that fails is counted in the rollups under its channel and model.
    let attempted = estimate;
    const plan = async (channel: RoutableChannel) => {
      const planned = planWith(channel, input);
      attempted = !planned.native && adaptorOfChannel(channel)?.inlineImages && images.present ? planWith(channel, await withImages()) : planned;
      return attempted;
    };
    let outcome;
    for (;;) {
      try {
        const first = !estimate.native && estimate.adaptor.inlineImages && images.present ? await plan(firstChannel) : estimate;
        // A non-stream call whose client hangs up runs on and is billed, as one-api's does: the provider charges
        // for it either way (CANCEL_ON_CLIENT_HANGUP stops it instead). A stream stops with its client.
        const cancellation = input.stream || ctx.config.CANCEL_ON_CLIENT_HANGUP ? hangup : NEVER_CANCELLED;
        outcome = await upstreamCall(ctx, route, first, plan, cancellation, (channel, reason) => autoDisableChannel(ctx, channel, reason, request.id), observation, request.id);
        break;
      } catch (error) {
        route.release();
        refund(ctx, reservation);
        // The route of this model is exhausted: the next model of its chain, if the failure is one of its triggers, is
        // priced and reserved anew (the failed model is never billed), and called as if it had been asked for.
        // A request pinned to its channel (a stored response's) stays on it: another model could not continue it.
        const hop: FallbackHop | undefined = fallbacks && !route.pinned && !reply.raw.headersSent ? fallbacks.next(input, route.channels, error) : undefined;
        // A model of the chain without a price is skipped for the one after it; none left answers this failure.
        const planned: PlannedHop<RelayPlan> | undefined = hop && fallbacks?.planned(hop, (next) => planWith(next.first, next.input));
        if (fallbacks && planned) {
          ({ input, route, first: firstChannel } = planned.hop);
          try {
            if ('refused' in planned) throw planned.refused;
            estimate = attempted = planned.plan;
            // A reservation of its own (not a copy: the SQLite ledger marks the one it holds).
            reservation = { userId: caller.record.userId, tokenId: caller.record.tokenId, unlimitedToken: caller.record.unlimitedQuota, amount: reservedQuota(ctx, rules, estimate, input) };
            await ctx.relay.reserver.reserve(reservation);
            continue;
          } catch (refused) {
            route.release();
            const fallback = fallbacks.failedSteps(input, route.channels, asRelayError(refused).status);
            recordFailed(ctx, request, reply, { caller, input, startedAt, fallback }, refused, channelsOfSteps(fallback), input.model);
            throw refused;
          }
        }
        const answered = error instanceof RelayError && error.status === 429 ? saturated(error) : error;
        const fallback = fallbacks?.fellBack ? fallbacks.failedSteps(input, route.channels, asRelayError(answered).status) : undefined;
        if (fallback && !reply.raw.headersSent) reply.headers({ [FALLBACK_CHAIN_HEADER]: chainHeader(fallback) });
        recordFailed(ctx, request, reply, { caller, input, startedAt, fallback }, answered, fallback ? channelsOfSteps(fallback) : route.channels, attempted.upstreamModel);
        throw answered;
      }
    }
    const { plan: served, response } = outcome;
    const answeringRoute = route;
    if (served.leftOut) reply.headers({ [LEFT_OUT_HEADER]: leftOutHeader(served.leftOut) });
    if (fallbacks?.fellBack) reply.headers({ [FALLBACK_MODEL_HEADER]: input.model, [FALLBACK_CHAIN_HEADER]: chainHeader(fallbacks.steps, input.model) });

    const approximate = ctx.options.bool('ApproximateTokenEnabled');
    const tally = new TextTally(() => counterFor(served.upstreamModel, approximate));
    let settled = false;
    // An answer that breaks before it can be settled (the upstream hangs up mid-body) gives the reservation back.
    const giveBackUnsettled = (error: unknown) => {
      if (!settled) {
        refund(ctx, reservation);
        recordFailed(ctx, request, reply, { caller, input, startedAt }, error, answeringRoute.channels, served.upstreamModel);
      }
      throw error;
    };
    const finish: Finish = async (reported, end, answerId) => {
      observation.settling();
      const charge = chargedPerRequest(await rules.charge(ctx, served, input, { reported, partial: end !== 'complete', generatedTokens: () => tally.total() }), served.price);
      const journaled = settle(ctx, {
        record: caller.record,
        reservation,
        channelId: served.channel.id,
        model: served.upstreamModel,
        usage: charge.usage,
        price: charge.price ?? served.price,
        quota: charge.quota,
        breakdown: charge.breakdown,
        requestId: request.id,
        elapsedMs: performance.now() - startedAt,
        stream: input.stream,
        systemPromptReset: served.systemPromptReset,
        protocol: input.protocol,
        passthrough: served.native !== undefined,
        leftOut: served.leftOut,
        fallback: fallbacks?.fellBack ? fallbacks.steps : undefined,
        ...(end === 'complete' ? {} : { interrupted: end }),
      });
      settled = true;
      cached?.fill?.settled(end, charge.usage, charge.quota, served.upstreamModel);
      observation.settled(served.upstreamModel, charge.usage, charge.quota);
      ticket?.settle(charge.usage.promptTokens + charge.usage.completionTokens);
      budgetTicket?.settle(charge.quota);
      if (answerId) endpoint.remember?.(ctx, { answerId, channelId: served.channel.id, userId: caller.record.userId }, request.id);
      // The answer's end goes out once its bill is in the journal (written once for the turn's settlements).
      if (journaled) await journaled;
      return charge.usage;
    };
    const context: AnswerContext = {
      model: served.upstreamModel,
      requestId: request.id,
      client: input.json,
      estimatedPromptTokens: () => estimatePromptTokens(mode, input.hub(), served.upstreamModel),
    };
    const delivery = { plan: served, endpoint, context, tally, finish, capture: cached?.fill };
    if (input.stream) observation.streaming();
    await (input.stream ? deliverStream(reply, response, delivery) : deliverAnswer(reply, response, delivery)).catch(giveBackUnsettled);
    keepAnswer(ctx, cached);
  } finally {
    // However the request ended (answered, failed, client gone, stream cut), its running slot is given back.
    ticket?.end();
    budgetTicket?.end();
  }
}

/**
 * Records a failure as its client was answered (a stream already under way kept its status), with the channels
 * called, in order (none for a refusal). A function of its own, not a closure in the relay: a request that succeeds
 * allocates nothing for it.
 */
function recordFailed(
  ctx: AppContext,
  request: RelayRequest,
  reply: RelayReply,
  { caller, input, startedAt, fallback }: { caller: Caller; input: RelayInput; startedAt: number; fallback?: readonly FallbackStep[] | undefined },
  error: unknown,
  channels: readonly number[],
  model: string,
  countedModel?: string,
): void {
  const { status, message } = asRelayError(error);
  const answered = reply.raw.headersSent ? reply.raw.statusCode : status;
  const facts = { record: caller.record, status: answered, message, model, channels, requestId: request.id, elapsedMs: performance.now() - startedAt, stream: input.stream, protocol: input.protocol };
  const told = fallback ? { ...facts, fallback } : facts;
  recordFailure(ctx, countedModel === undefined ? told : { ...told, countedModel });
}

/** What a refusal is counted under when no channel of the group serves the model its client named. */
const UNSERVED_MODEL = '(no channel)';

/**
 * The model a refused request is counted under: the one its client named when a channel of its group serves
 * it, else UNSERVED_MODEL. Names nothing serves are any text a client chooses, and each would be a rollup row
 * of its own every hour: a key sending random names must not grow the table by a row per request.
 */
function refusedModel(table: ChannelTable, group: string, model: string): string {
  return table.owner(group, model) ? model : UNSERVED_MODEL;
}

/** one-api's wording for a 429 after every retry: the whole group is busy, not just one channel. */
const saturated = (error: RelayError) =>
  new RelayError(429, 'the upstream channels of this group are saturated, please retry later', error.code || 'rate_limit_exceeded', error.type, error.param);
