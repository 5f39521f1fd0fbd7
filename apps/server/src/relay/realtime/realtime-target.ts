import { channelType } from '@tollgate/contract';
import { channelApiVersion } from '../../providers/openai/upstream-url.js';
import type { RoutableChannel } from '../routing/routable-channel.js';

/** Where a Realtime session is opened upstream, and the headers its handshake carries. */
export interface RealtimeTarget {
  url: string;
  headers: Record<string, string>;
}

/** The API version an Azure channel without one of its own opens Realtime sessions with (Azure's Realtime preview). */
export const AZURE_REALTIME_API_VERSION = '2024-10-01-preview';

/** Only channels of the OpenAI protocol (OpenAI, Azure and OpenAI-compatible servers) can serve a Realtime session. */
export function servesRealtime(channel: RoutableChannel): boolean {
  return channelType(channel.type)?.protocol === 'openai';
}

/**
 * The upstream WebSocket of a channel for a model, the way each vendor documents it:
 * - OpenAI and compatible servers: `wss://{base}/v1/realtime?model=…` with `Authorization: Bearer` (a type whose
 *   URLs drop `/v1` drops it here too);
 * - Azure: `wss://{resource}.openai.azure.com/openai/realtime?api-version=…&deployment=…` with `api-key`, the
 *   deployment named as the relay names Azure deployments elsewhere (no dots).
 * http(s) base URLs become ws(s). `beta` is the client's OpenAI-Beta header, passed on: it chooses between the
 * beta and the GA event shapes, which the relay does not translate.
 * Docs: https://platform.openai.com/docs/guides/realtime-websocket,
 * https://learn.microsoft.com/azure/ai-foundry/openai/how-to/realtime-audio-websockets
 */
export function realtimeTarget(channel: RoutableChannel, model: string, beta: string | undefined): RealtimeTarget {
  const type = channelType(channel.type);
  const configured = (channel.baseUrl || type?.defaultBaseUrl || '').replace(/\/+$/, '');
  const base = configured.replace(/^http(s?):\/\//i, (_match, secure: string) => `ws${secure}://`);
  const headers: Record<string, string> = { ...type?.headers };
  if (beta) headers['openai-beta'] = beta;
  if (type?.urlStyle === 'azure') {
    headers['api-key'] = channel.key;
    const version = encodeURIComponent(channelApiVersion(channel) || AZURE_REALTIME_API_VERSION);
    return { url: `${base}/openai/realtime?api-version=${version}&deployment=${encodeURIComponent(model.replaceAll('.', ''))}`, headers };
  }
  headers.authorization = `Bearer ${channel.key}`;
  const path = type?.urlStyle === 'strip-v1' ? '/realtime' : '/v1/realtime';
  return { url: `${base}${path}?model=${encodeURIComponent(model)}`, headers };
}
