import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import type { AnswerContext } from '../providers/ingress.js';
import { authenticate, checkModelAllowed, type Caller } from './auth/authenticate.js';
import { ClientHangup } from './client-hangup.js';
import type { Reservation } from './billing/reservation.js';
import { deliverAnswer, deliverStream, type Finish } from './deliver.js';
import { autoDisableChannel } from './health/channel-status.js';
import { RemoteImages } from './images/inline-images.js';
import { RelayError } from './relay-error.js';
import type { RelayEndpoint } from './relay-endpoint.js';
import { adaptorOfChannel, channelServes, planFor, type RelayPlan } from './relay-plan.js';
import { withHub, type RelayInput } from './request-input.js';
import type { RoutableChannel } from './routing/routable-channel.js';
import { Route } from './routing/route.js';
import { refund, settle } from './settle.js';
import { TextTally } from './streaming/text-tally.js';
import { counterFor } from './tokens/encoders.js';
import { upstreamCall } from './upstream-call-loop.js';
import { estimatePromptTokens } from './usage.js';

/**
 * The relay of one request, step by step: authenticate the key, read the body, pick a channel, reserve
 * quota, call the upstream (retrying other channels on failure), relay the answer, then settle the exact
 * charge and write the consume log. What differs between endpoints lives in their RelayEndpoint: the
 * client's protocol, the ModeRules that read and price the request, and the ingress that writes the answer.
 */
export async function relay(ctx: AppContext, request: FastifyRequest, reply: FastifyReply, endpoint: RelayEndpoint): Promise<void> {
  const startedAt = performance.now();
  const { mode, rules } = endpoint;
  const credential = endpoint.protocol.credential(request.headers, request.query as Record<string, unknown>);
  const caller = await authenticate(ctx.relay.keys, credential, request.ip);
  const input = rules.readInput(request);
  checkModelAllowed(caller, input.model);

  const { group } = caller.record;
  const pinned = caller.pinnedChannelId ?? (endpoint.affinity ? await endpoint.affinity(ctx, input, caller.record) : undefined);
  const route = new Route(ctx.relay.channels.table, group, input.model, pinned, (channel) => channelServes(channel, input, mode), ctx.relay.breakers);
  const planWith = (channel: RoutableChannel, sent: RelayInput) => planFor(ctx, channel, sent, endpoint, request.url, group, request.headers);
  const firstChannel = route.first();
  const { estimate, reservation } = await reserveFor(ctx, caller.record, () => planWith(firstChannel, input), (plan) => rules.reservation(ctx, plan, input)).catch((error: unknown) => {
    route.release(); // a probe this request took will not be sent
    throw error;
  });

  // Linked images are downloaded only after the reservation, and only for a converted request to a protocol that needs the bytes.
  const hangup = new ClientHangup(reply.raw);
  const images = new RemoteImages(ctx.relay.images, input.hub(), () => hangup.signal);
  const withImages = async (): Promise<RelayInput> => withHub(input, await images.inputWithImages());
  const plan = async (channel: RoutableChannel) => {
    const planned = planWith(channel, input);
    return !planned.native && adaptorOfChannel(channel)?.inlineImages && images.present ? planWith(channel, await withImages()) : planned;
  };
  let outcome;
  try {
    const first = !estimate.native && estimate.adaptor.inlineImages && images.present ? await plan(firstChannel) : estimate;
    // A non-stream call whose client hangs up runs on and is billed, as one-api's does: the provider charges
    // for it either way (CANCEL_ON_CLIENT_HANGUP stops it instead). A stream stops with its client.
    const cancellation = input.stream || ctx.config.CANCEL_ON_CLIENT_HANGUP ? hangup : RUNS_ON;
    outcome = await upstreamCall(ctx, route, first, plan, cancellation, (channel, reason) => autoDisableChannel(ctx, channel, reason));
  } catch (error) {
    route.release();
    refund(ctx, reservation);
    throw error instanceof RelayError && error.status === 429 ? saturated(error) : error;
  }
  const { plan: served, response } = outcome;

  const approximate = ctx.options.bool('ApproximateTokenEnabled');
  const tally = new TextTally(() => counterFor(served.upstreamModel, approximate));
  let settled = false;
  // An answer that breaks before it can be settled (the upstream hangs up mid-body) gives the reservation back.
  const giveBackUnsettled = (error: unknown) => {
    if (!settled) refund(ctx, reservation);
    throw error;
  };
  const finish: Finish = async (reported, end, answerId) => {
    const charge = await rules.charge(ctx, served, input, { reported, partial: end !== 'complete', generatedTokens: () => tally.total() });
    settle(ctx, {
      record: caller.record,
      reservation,
      channelId: served.channel.id,
      model: served.upstreamModel,
      usage: charge.usage,
      price: served.price,
      quota: charge.quota,
      ratioText: charge.ratioText,
      requestId: request.id,
      elapsedMs: performance.now() - startedAt,
      stream: input.stream,
      systemPromptReset: served.systemPromptReset,
      protocol: input.protocol,
      passthrough: served.native !== undefined,
      ...(end === 'complete' ? {} : { interrupted: end }),
    });
    settled = true;
    if (answerId) endpoint.remember?.(ctx, { answerId, channelId: served.channel.id, userId: caller.record.userId });
    return charge.usage;
  };
  const context: AnswerContext = {
    model: served.upstreamModel,
    requestId: request.id,
    client: input.json,
    get estimatedPromptTokens() {
      return estimatePromptTokens(mode, input.hub(), served.upstreamModel);
    },
  };
  const delivery = { plan: served, endpoint, context, tally, finish };
  await (input.stream ? deliverStream(reply, response, delivery) : deliverAnswer(reply, response, delivery)).catch(giveBackUnsettled);
}

/** Prices the first plan and reserves its quota; refused when the user or key cannot pay. */
async function reserveFor(ctx: AppContext, record: Caller['record'], estimate: () => RelayPlan, price: (plan: RelayPlan) => number) {
  const planned = estimate();
  const reservation: Reservation = { userId: record.userId, tokenId: record.tokenId, unlimitedToken: record.unlimitedQuota, amount: price(planned) };
  await ctx.relay.reserver.reserve(reservation);
  return { estimate: planned, reservation };
}

/** What calls off an upstream call that runs on after its client left: nothing (RELAY_TIMEOUT bounds it). */
const RUNS_ON: AbortSignal = new AbortController().signal;

/** one-api's wording for a 429 after every retry: the whole group is busy, not just one channel. */
const saturated = (error: RelayError) =>
  new RelayError(429, 'the upstream channels of this group are saturated, please retry later', error.code || 'rate_limit_exceeded', error.type, error.param);
