import type { IncomingHttpHeaders } from 'node:http';
import { channelType } from '@tollgate/contract';
import type { AppContext } from '../context.js';
import type { Adaptor, AdaptorRequest, RelayMode } from '../providers/adaptor.js';
import { needsRewrite, rewriteBody, type BodyChanges } from '../providers/openai/request-body.js';
import { adaptorFor } from '../providers/registry.js';
import type { Price } from './billing/pricing.js';
import { replaceMultipartField } from './multipart.js';
import { RelayError } from './relay-error.js';
import type { RelayInput } from './request-input.js';
import type { RoutableChannel } from './routing/routable-channel.js';

/** How one request is sent to one channel: the upstream model, its price, the adaptor and the request. */
export interface RelayPlan {
  channel: RoutableChannel;
  upstreamModel: string;
  price: Price;
  adaptor: Adaptor;
  request: AdaptorRequest;
  systemPromptReset: boolean;
}

/** The adaptor of the channel's type; undefined for a type id the catalog does not know. */
export function adaptorOfChannel(channel: RoutableChannel): Adaptor | undefined {
  const type = channelType(channel.type);
  return type ? adaptorFor(type.protocol) : undefined;
}

/** Whether a channel's protocol serves the endpoint, and can stream when a stream is asked for. */
export function channelServes(channel: RoutableChannel, mode: RelayMode, stream: boolean): boolean {
  const adaptor = adaptorOfChannel(channel);
  if (!adaptor) return true; // planFor answers a clear error for it
  return (!adaptor.modes || adaptor.modes.includes(mode)) && (!stream || adaptor.streamParser !== undefined);
}

export function planFor(ctx: AppContext, channel: RoutableChannel, input: RelayInput, mode: RelayMode, path: string, group: string, headers: IncomingHttpHeaders): RelayPlan {
  const type = channelType(channel.type);
  if (!type) throw new RelayError(501, `channel #${channel.id} is of type ${channel.type}, which this version of Tollgate does not know`, 'channel_type_not_supported');
  const adaptor = adaptorFor(type.protocol);
  if (adaptor.modes && !adaptor.modes.includes(mode)) {
    throw new RelayError(400, `channel #${channel.id} (${type.protocol}) does not serve ${path.split('?')[0] ?? path}`, 'mode_not_supported', 'invalid_request_error');
  }
  // Refused before the call: the upstream would answer JSON, which the relay reads as a broken stream.
  if (input.stream && !adaptor.streamParser) {
    throw new RelayError(400, `channel #${channel.id} (${type.protocol}) cannot stream; send the request without stream`, 'stream_not_supported', 'invalid_request_error');
  }
  const upstreamModel = channel.modelMapping[input.model] ?? input.model;
  const systemPrompt = mode === 'chat' && channel.systemPrompt ? channel.systemPrompt : undefined;
  const changes = { model: upstreamModel, systemPrompt, includeUsage: ctx.config.ENFORCE_INCLUDE_USAGE };
  return {
    channel,
    upstreamModel,
    price: ctx.relay.pricing.price(upstreamModel, channel.type, group),
    adaptor,
    systemPromptReset: systemPrompt !== undefined,
    request: {
      target: { type, key: channel.key, baseUrl: channel.baseUrl, other: channel.other, config: channel.config, settings: ctx.relay.providerSettings },
      mode,
      path,
      model: upstreamModel,
      stream: input.stream,
      body: upstreamBody(input, changes),
      contentType: input.contentType,
      clientHeaders: headers,
    },
  };
}

/** Untouched bodies go upstream byte for byte; edited ones keep every field the client sent. */
function upstreamBody(input: RelayInput, changes: BodyChanges): Buffer {
  if (input.multipartBoundary) {
    return changes.model && changes.model !== input.model ? replaceMultipartField(input.raw, input.multipartBoundary, 'model', changes.model) : input.raw;
  }
  return needsRewrite(input.json, changes) ? Buffer.from(JSON.stringify(rewriteBody(input.json, changes))) : input.raw;
}

