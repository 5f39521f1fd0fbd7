import type { IncomingHttpHeaders } from 'node:http';
import { channelType, type Protocol } from '@tollgate/contract';
import type { AppContext } from '../context.js';
import type { Adaptor, AdaptorRequest, NativeEndpoint, RelayMode, UpstreamTarget } from '../providers/adaptor.js';
import { refusedParameter } from '../providers/chat-parameters.js';
import { extensionsLeftOut, plainHubRequest } from '../providers/hub.js';
import { joinLeftOut } from '../providers/left-out.js';
import { needsRewrite, onlyUsageToAsk, rewriteBody, withUsageAsked, type BodyChanges } from '../providers/openai/request-body.js';
import { adaptorFor } from '../providers/registry.js';
import { rerankAdaptorFor } from '../providers/rerank/rerank-adaptor.js';
import type { Price } from './billing/pricing.js';
import { replaceMultipartField } from './multipart.js';
import { nativeEndpointFor, passthroughAdaptor } from './passthrough.js';
import { RelayError } from './relay-error.js';
import { HUB_PATHS, type RelayEndpoint } from './relay-endpoint.js';
import type { RelayInput } from './request-input.js';
import type { RoutableChannel } from './routing/routable-channel.js';
import { relayPath } from './relay-path.js';

/** How one request is sent to one channel: the upstream model, its price, the adaptor and the request. */
export interface RelayPlan {
  channel: RoutableChannel;
  upstreamModel: string;
  price: Price;
  adaptor: Adaptor;
  request: AdaptorRequest;
  systemPromptReset: boolean;
  /** The endpoint the client's request passes through to in its own protocol; undefined when it is converted. */
  native?: NativeEndpoint;
  /** What the conversion left out of the client's request, by name (providers/left-out.ts). */
  leftOut: readonly string[] | undefined;
}

/** The adaptor of the channel's type; undefined for a type id the catalog does not know. */
export function adaptorOfChannel(channel: RoutableChannel, mode?: RelayMode): Adaptor | undefined {
  const type = channelType(channel.type);
  return type ? egressAdaptor(type.protocol, mode) : undefined;
}

/** A protocol's adaptor for a mode: rerank has its own per protocol (providers/rerank), every other mode the protocol's. */
const egressAdaptor = (protocol: Protocol, mode: RelayMode | undefined): Adaptor => (mode === 'rerank' ? rerankAdaptorFor(protocol) : adaptorFor(protocol));

/**
 * Whether a channel can serve the request: it takes it natively, or its protocol serves the endpoint (and
 * can stream when a stream is asked for).
 */
export function channelServes(channel: RoutableChannel, input: RelayInput, mode: RelayMode): boolean {
  const adaptor = adaptorOfChannel(channel, mode);
  if (!adaptor) return true; // planFor answers a clear error for it
  if (nativeEndpointFor(channel, adaptor, input.protocol, channel.modelMapping[input.model] ?? input.model)) return true;
  return (
    input.nativeOnly === undefined &&
    (!adaptor.modes || adaptor.modes.includes(mode)) &&
    (!input.stream || adaptor.streamParser !== undefined) &&
    (mode !== 'chat' || refusedParameter(adaptor.refuses, input.hub().json, channel.modelMapping[input.model] ?? input.model) === undefined)
  );
}

export function planFor(ctx: AppContext, channel: RoutableChannel, input: RelayInput, endpoint: RelayEndpoint, clientPath: string, group: string, headers: IncomingHttpHeaders): RelayPlan {
  const path = relayPath(clientPath);
  const type = channelType(channel.type);
  if (!type) throw new RelayError(501, `channel #${channel.id} is of type ${channel.type}, which this version of Tollgate does not know`, 'channel_type_not_supported');
  const { mode } = endpoint;
  const egress = egressAdaptor(type.protocol, mode);
  const upstreamModel = channel.modelMapping[input.model] ?? input.model;
  const systemPrompt = mode === 'chat' && channel.systemPrompt ? channel.systemPrompt : undefined;
  const target: UpstreamTarget = { type, key: channel.key, baseUrl: channel.baseUrl, other: channel.other, config: channel.config, settings: ctx.relay.providerSettings };
  // One shape for every plan and request (no spreads): the relay reads them on every call.
  const plan = (adaptor: Adaptor, requestPath: string, body: Buffer, contentType: string, native: NativeEndpoint | undefined, leftOut?: readonly string[]): RelayPlan => ({
    channel,
    upstreamModel,
    // Priced only once the channel is known to serve the request: a channel that cannot says so first.
    price: ctx.relay.pricing.price(upstreamModel, channel.type, group),
    adaptor,
    request: { target, mode, path: requestPath, model: upstreamModel, stream: input.stream, body, contentType, clientHeaders: headers },
    systemPromptReset: systemPrompt !== undefined,
    native,
    leftOut,
  });

  const native = nativeEndpointFor(channel, egress, input.protocol, upstreamModel);
  const readers = endpoint.ingress.native;
  if (native && readers) {
    const changed = readers.rewrite(input.json, { model: upstreamModel === input.model ? undefined : upstreamModel, systemPrompt });
    const body = changed ? Buffer.from(JSON.stringify(changed)) : input.raw;
    return plan(passthroughAdaptor(egress, native, readers), path, body, input.contentType, native);
  }

  if (input.nativeOnly !== undefined) throw new RelayError(400, `${input.nativeOnly}; channel #${channel.id} (${type.label}) cannot serve it`, 'native_protocol_required', 'invalid_request_error');
  if (egress.modes && !egress.modes.includes(mode)) {
    throw new RelayError(400, `channel #${channel.id} (${type.protocol}) does not serve ${path.split('?')[0] ?? path}`, 'mode_not_supported', 'invalid_request_error');
  }
  // Refused before the call: the upstream would answer JSON, which the relay reads as a broken stream.
  if (input.stream && !egress.streamParser) {
    throw new RelayError(400, `channel #${channel.id} (${type.protocol}) cannot stream; send the request without stream`, 'stream_not_supported', 'invalid_request_error');
  }
  const hub = input.hub();
  const refused = mode === 'chat' ? refusedParameter(egress.refuses, hub.json, upstreamModel) : undefined;
  if (refused) {
    throw new RelayError(400, `${refused.name} is not supported by channel #${channel.id} (${type.label}): send the request without it, or to a model another channel serves`, 'unsupported_parameter', 'invalid_request_error', refused.param);
  }
  // A stream asks an OpenAI upstream for usage whenever the vendor takes it (bills what it charges) and for
  // every foreign client (their protocols report usage at the end); an OpenAI client that did not ask for
  // it does not get the usage chunk (providers/openai/ingress/chat-endpoint.ts).
  const includeUsage = ctx.config.ENFORCE_INCLUDE_USAGE || input.protocol !== 'openai' || type.streamUsage === true;
  const changes = { model: upstreamModel, systemPrompt, includeUsage };
  const ownShape = input.protocol === 'openai';
  const keepExtensions = ownShape || egress.hubExtensions === true;
  const body = upstreamBody(hub, changes, keepExtensions);
  const leftOut = joinLeftOut(input.leftOut, keepExtensions ? egress.leftOut?.(hub.json, upstreamModel) : extensionsLeftOut(hub.json, upstreamModel));
  return plan(egress, ownShape ? path : (HUB_PATHS[mode] ?? path), body, hub.contentType, undefined, leftOut);
}

/**
 * Untouched bodies go upstream byte for byte; edited ones keep every field the client sent. A converted
 * request loses the hub's extension fields on its way to an upstream that does not read them.
 */
function upstreamBody(input: RelayInput, changes: BodyChanges, keepExtensions: boolean): Buffer {
  if (input.multipartBoundary) {
    return changes.model && changes.model !== input.model ? replaceMultipartField(input.raw, input.multipartBoundary, 'model', changes.model) : input.raw;
  }
  const json = keepExtensions ? input.json : plainHubRequest(input.json, changes.model ?? input.model);
  if (json === input.json && onlyUsageToAsk(json, changes)) {
    const spliced = withUsageAsked(input.raw);
    if (spliced) return spliced;
  }
  return json !== input.json || needsRewrite(json, changes) ? Buffer.from(JSON.stringify(rewriteBody(json, changes))) : input.raw;
}
