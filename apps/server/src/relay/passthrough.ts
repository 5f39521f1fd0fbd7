import type { ClientProtocol } from '@tollgate/contract';
import type { Adaptor, NativeEndpoint } from '../providers/adaptor.js';
import type { NativeReaders } from '../providers/ingress.js';
import { GENERIC_NATIVE_ENDPOINTS } from '../providers/native-endpoints.js';
import type { RoutableChannel } from './routing/routable-channel.js';

/**
 * The endpoint a request in the client's protocol passes through to on this channel, or undefined when it
 * must be converted: the channel declares the protocol, and its adaptor (or the protocol's generic
 * endpoint) serves the model in it.
 */
export function nativeEndpointFor(channel: RoutableChannel, egress: Adaptor, protocol: ClientProtocol, model: string): NativeEndpoint | undefined {
  if (protocol === 'openai' || !channel.nativeProtocols.includes(protocol)) return undefined;
  const endpoint = egress.native?.[protocol] ?? GENERIC_NATIVE_ENDPOINTS[protocol];
  return endpoint && (endpoint.serves?.(model) ?? true) ? endpoint : undefined;
}

/**
 * The adaptor of a passed-through call: the channel's credentials and transport (an access token, AWS
 * signing, its error reading), the native endpoint's request, and the client protocol's readers of the answer.
 */
export function passthroughAdaptor(egress: Adaptor, endpoint: NativeEndpoint, readers: NativeReaders): Adaptor {
  const adaptor: Adaptor = {
    buildRequest: (request) => endpoint.buildRequest(request),
    parseAnswer: (_request, body, contentType) => readers.answer(body, contentType),
  };
  if (egress.prepare) adaptor.prepare = egress.prepare;
  if (egress.exchange) adaptor.exchange = egress.exchange;
  if (egress.parseError) adaptor.parseError = egress.parseError;
  if (egress.forgetCredentials) adaptor.forgetCredentials = egress.forgetCredentials;
  return adaptor;
}
