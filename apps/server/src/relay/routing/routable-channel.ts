import { ChannelStatus, channelNativeProtocols, defaultNativeProtocols, type NativeProtocol } from '@tollgate/contract';
import type { ChannelRow } from '../../db/schema.js';
import { splitList } from '../../lib/list.js';
import { parseModelMapping, routableModels } from '../../db/channel-columns.js';

/** A channel as the relay uses it: parsed once when the routing table is built, never per request. */
export interface RoutableChannel {
  id: number;
  type: number;
  name: string;
  key: string;
  status: number;
  baseUrl: string;
  /** The legacy `other` column: Azure's API version, Spark's version, AI Proxy's library id, Ali's plugin. */
  other: string;
  config: Record<string, string>;
  modelMapping: Record<string, string>;
  systemPrompt: string;
  priority: number;
  weight: number;
  groups: string[];
  models: string[];
  /** Client protocols whose requests pass through to this channel unconverted (its config, else its type's default). */
  nativeProtocols: readonly NativeProtocol[];
}

export function toRoutableChannel(row: ChannelRow): RoutableChannel {
  const config = parseConfig(row.config);
  return {
    id: row.id,
    type: row.type,
    name: row.name ?? '',
    key: row.key,
    status: row.status,
    baseUrl: row.base_url ?? '',
    other: row.other ?? '',
    config,
    modelMapping: parseModelMapping(row.model_mapping),
    systemPrompt: row.system_prompt ?? '',
    priority: Number(row.priority ?? 0),
    weight: Number(row.weight ?? 0),
    groups: splitList(row.group),
    models: routableModels(row),
    nativeProtocols: channelNativeProtocols(config, defaultNativeProtocols(row.type)),
  };
}

export const isEnabled = (channel: RoutableChannel) => channel.status === ChannelStatus.Enabled;

/** The config column as the adaptors read it: every field a string (others as their JSON), {} when unreadable. */
export function parseConfig(raw: string | null): Record<string, string> {
  if (!raw) return {};
  try {
    const parsed: unknown = JSON.parse(raw);
    if (!parsed || typeof parsed !== 'object') return {};
    return Object.fromEntries(Object.entries(parsed).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]));
  } catch {
    return {};
  }
}
