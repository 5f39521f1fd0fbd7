import type { AppContext } from '../context.js';
import type { RelayObservation } from '../observability/relay-observation.js';
import type { UpstreamResponse } from '../providers/upstream-response.js';
import type { Cancellation } from './client-hangup.js';
import { callUpstream } from './upstream-call.js';
import type { RelayPlan } from './relay-plan.js';
import { attemptOutcome } from './health/breaker/attempt-outcome.js';
import { RelayError } from './relay-error.js';
import type { Route } from './routing/route.js';
import type { RoutableChannel } from './routing/routable-channel.js';

/**
 * Calls the upstream, and on a retryable failure (429, 5xx, timeouts, connection errors and other
 * channel-side faults; never 400) tries another channel, up to RetryTimes more. The raw body is replayed.
 * A channel whose error means it is broken is handed to `disable` (the auto-disable rules decide), which
 * takes it out of this node's routing synchronously; its database write is not awaited, so the client's
 * answer (or the retry) does not wait for it, and no later pick on this node lands on the channel meanwhile.
 * Every attempt's outcome feeds its channel's circuit breaker, the retries' included.
 */
export async function upstreamCall(
  ctx: AppContext,
  route: Route,
  first: RelayPlan,
  plan: (channel: RoutableChannel) => Promise<RelayPlan>,
  hangup: Cancellation,
  disable: (channel: RoutableChannel, reason: string) => Promise<unknown>,
  observation: RelayObservation,
  requestId: string,
): Promise<{ plan: RelayPlan; response: UpstreamResponse }> {
  let current = first;
  let retriesLeft = Math.max(0, Math.floor(ctx.options.num('RetryTimes')));
  for (;;) {
    const channelId = current.channel.id;
    observation.attempt(channelId);
    let result;
    try {
      result = await callUpstream(ctx.relay.upstream, current.adaptor, current.request, hangup);
    } catch (error) {
      // Refused before reaching the upstream: a probe that said nothing about the channel is free again.
      route.record(channelId, 'neutral');
      throw error;
    }
    route.record(channelId, attemptOutcome(result, hangup.aborted));
    if (result.ok) {
      observation.answered(result.response.statusCode);
      return { plan: current, response: result.response };
    }
    // A client that left is not the upstream's failure: the attempt is not counted against the channel.
    if (hangup.aborted) throw new RelayError(499, 'the client closed the request', 'client_closed_request');
    observation.attemptFailed(result.error.status, result.kind);
    if (result.disableChannel) {
      void disable(current.channel, result.error.message).catch((error: unknown) => ctx.log.error({ err: error, reqId: requestId }, 'auto-disable failed'));
    }
    const next = result.retryable && retriesLeft > 0 ? route.next() : undefined;
    if (!next) throw result.error;
    ctx.log.warn({ reqId: requestId, channelId: current.channel.id, status: result.error.status, next: next.id }, 'upstream failed, retrying on another channel');
    retriesLeft -= 1;
    current = await plan(next);
  }
}
