import { z } from 'zod';
import type { MessageCode } from './messages/catalog.js';

/** Codes of the channel form's messages (messages/resource-messages.ts). */
export const ChannelMessages = {
  nameAndKeyRequired: 'channel.name_and_key_required',
  modelsRequired: 'channel.models_required',
  modelMappingInvalid: 'channel.model_mapping_invalid',
  configInvalid: 'channel.config_invalid',
  rerankFormatInvalid: 'channel.rerank_format_invalid',
  groupsRequired: 'channel.groups_required',
  nameTooLong: 'channel.name_too_long',
  groupTooLong: 'channel.group_too_long',
  modelMappingTooLong: 'channel.model_mapping_too_long',
  statusInvalid: 'channel.status_invalid',
} as const satisfies Record<string, MessageCode>;

/** The column sizes of one-api's channels table, which PostgreSQL and MySQL enforce (SQLite does not). */
export const CHANNEL_LIMITS = { name: 191, group: 32, modelMapping: 1024 } as const;

const commaList = z
  .union([z.string(), z.array(z.string())])
  .optional()
  .transform((value) => {
    const items = Array.isArray(value) ? value : (value ?? '').split(',');
    return [...new Set(items.map((item) => item.trim()).filter(Boolean))];
  });

// Integer columns (type, status, weight) are 32-bit: a larger number is refused here, not by the database.
const intLike = z
  .union([z.number(), z.string().regex(/^-?\d+$/).transform(Number)])
  .pipe(z.number().int().min(-(2 ** 31)).max(2 ** 31 - 1));

/** POST /api/channel/ and the full PUT: the console sends models and group as comma strings, config as a JSON string. */
export const ChannelInputSchema = z.object({
  id: intLike.optional(),
  name: z.string().trim().optional().default(''),
  type: intLike.optional().default(1),
  key: z.string().optional().default(''),
  base_url: z.string().trim().nullish().transform((v) => (v ?? '').replace(/\/+$/, '')),
  other: z.string().nullish().transform((v) => v ?? ''),
  model_mapping: z.string().nullish().transform((v) => (v ?? '').trim()),
  system_prompt: z.string().nullish().transform((v) => v ?? ''),
  models: commaList,
  group: commaList,
  groups: z.array(z.string()).optional(),
  config: z.union([z.string(), z.record(z.string(), z.unknown())]).nullish(),
  // 1 enabled, 2 disabled by hand, 3 disabled automatically: nothing else is a channel's status.
  status: intLike.refine((status) => status >= 1 && status <= 3, ChannelMessages.statusInvalid).optional(),
  priority: intLike.nullish(),
  // A share of the traffic among channels of one priority: 0 or more (one-api's column is unsigned).
  weight: intLike.pipe(z.number().min(0)).nullish(),
});
export type ChannelInput = z.input<typeof ChannelInputSchema>;

/** A channel as the console reads it; the key is never sent back. */
export interface ChannelView {
  id: number;
  type: number;
  key: string;
  status: number;
  name: string;
  weight: number;
  created_time: number;
  test_time: number;
  response_time: number;
  base_url: string;
  other: string;
  balance: number;
  balance_updated_time: number;
  models: string;
  group: string;
  used_quota: number;
  model_mapping: string;
  priority: number;
  config: string;
  system_prompt: string;
  /**
   * Tollgate's circuit breaker for transient failures, a routing-time state (the status is unchanged):
   * `open` until `until` (epoch seconds) routing skips the channel; `half-open` lets one probe through.
   */
  breaker: ChannelBreakerView;
}

export type ChannelBreakerState = 'closed' | 'open' | 'half-open';

export interface ChannelBreakerView {
  state: ChannelBreakerState;
  /** Epoch seconds when an open circuit's cooldown ends; 0 otherwise. */
  until: number;
}
