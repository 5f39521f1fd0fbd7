import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import type { UpstreamResponse } from '../providers/upstream-response.js';
import { authenticate, checkModelAllowed, type Caller } from './auth/authenticate.js';
import { ClientHangup } from './client-hangup.js';
import { nativeEndpointFor } from './passthrough.js';
import type { RelayEndpoint } from './relay-endpoint.js';
import { adaptorOfChannel, planFor } from './relay-plan.js';
import type { RelayInput } from './request-input.js';
import type { RoutableChannel } from './routing/routable-channel.js';
import { Route } from './routing/route.js';
import { callUpstream } from './upstream-call.js';

/** A request that is neither billed nor logged (counting tokens), with the key that sent it. */
export interface UnbilledRequest {
  caller: Caller;
  input: RelayInput;
}

/** The key's checks and the request's body, as a relayed request gets them. */
export async function readUnbilled(ctx: AppContext, request: FastifyRequest, endpoint: RelayEndpoint): Promise<UnbilledRequest> {
  const credential = endpoint.protocol.credential(request.headers, request.query as Record<string, unknown>);
  const caller = await authenticate(ctx.relay.keys, credential, request.ip);
  const input = endpoint.rules.readInput(request);
  checkModelAllowed(caller, input.model);
  return { caller, input };
}

/**
 * Sends an unbilled request (Anthropic's count_tokens, Gemini's countTokens) to a channel of the key's group
 * that takes the client's protocol natively for the model, as the client sent it, and gives back the
 * upstream's answer; undefined when no channel takes it natively, and the caller answers from a local count.
 * The upstream's refusal is the client's. No retry: nothing is lost by answering locally instead.
 */
export async function passThroughUnbilled(ctx: AppContext, request: FastifyRequest, reply: FastifyReply, endpoint: RelayEndpoint, unbilled: UnbilledRequest): Promise<UpstreamResponse | undefined> {
  const { caller, input } = unbilled;
  const takesNatively = (channel: RoutableChannel) => {
    const adaptor = adaptorOfChannel(channel);
    return adaptor !== undefined && nativeEndpointFor(channel, adaptor, input.protocol, channel.modelMapping[input.model] ?? input.model) !== undefined;
  };
  const route = new Route(ctx.relay.channels.table, caller.record.group, input.model, caller.pinnedChannelId, takesNatively);
  let channel: RoutableChannel;
  try {
    channel = route.first();
  } catch {
    return undefined; // no channel serves the model: counting locally still answers
  }
  if (!takesNatively(channel)) return undefined;
  const plan = planFor(ctx, channel, input, endpoint, request.url, caller.record.group, request.headers);
  if (!plan.native) return undefined;
  const result = await callUpstream(ctx.relay.upstream, plan.adaptor, plan.request, new ClientHangup(reply.raw));
  if (!result.ok) throw result.error;
  return result.response;
}
