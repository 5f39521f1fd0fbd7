import { z } from 'zod';

export const ChannelMessages = {
  nameAndKeyRequired: 'please fill in the channel name and key',
  modelsRequired: 'please select at least one model',
  modelMappingInvalid: 'model mapping must be valid JSON format',
  configInvalid: 'config must be a valid JSON object',
  groupsRequired: 'please select at least one group',
  nameTooLong: 'the channel name must be at most 191 characters',
  groupTooLong: 'the channel groups must be at most 32 characters together',
  modelMappingTooLong: 'model mapping must be at most 1024 characters',
} as const;

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
  status: intLike.optional(),
  priority: intLike.nullish(),
  weight: intLike.nullish(),
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
