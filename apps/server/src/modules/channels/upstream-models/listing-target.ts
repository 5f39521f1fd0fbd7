import { channelType, FetchModelsRequestSchema } from '@tollgate/contract';
import type { AppContext } from '../../../context.js';
import type { ChannelRow } from '../../../db/schema.js';
import { fail } from '../../../http/errors.js';
import { parseOrFail } from '../../../http/validation.js';
import type { UpstreamTarget } from '../../../providers/adaptor.js';
import { parseConfig } from '../../../relay/routing/routable-channel.js';
import { keepStoredSecrets } from '../channel-config.js';
import { normaliseConfig } from '../channel-fields.js';
import { findChannel } from '../channels.repository.js';

type ChannelFields = Pick<ChannelRow, 'type' | 'key' | 'base_url' | 'other' | 'config'>;

/**
 * The credential a list is asked with: a key that is one JSON document (a service-account file) whole,
 * else the first line (batch creation makes a channel per line; they share the upstream's list).
 */
function firstKey(key: string): string {
  const trimmed = key.trim();
  if (trimmed.startsWith('{')) return trimmed;
  return trimmed.split('\n').map((line) => line.trim()).find(Boolean) ?? '';
}

/** A channel's fields as the adaptors take them. */
function targetOf(ctx: AppContext, fields: ChannelFields): UpstreamTarget {
  const type = channelType(fields.type);
  if (!type) throw fail('channel.models_unsupported', { type: String(fields.type) });
  const baseUrl = (fields.base_url ?? '').trim().replace(/\/+$/, '');
  return { type, key: firstKey(fields.key), baseUrl, other: fields.other ?? '', config: parseConfig(fields.config), settings: ctx.relay.providerSettings };
}

export const storedTarget = (ctx: AppContext, row: ChannelRow): UpstreamTarget => targetOf(ctx, row);

/**
 * The form's current values. Editing a saved channel (`id`), the form never has the key or the secret
 * config fields (they are not sent back): what it leaves blank comes from the stored channel, as saving
 * the form would keep it.
 */
export async function formTarget(ctx: AppContext, body: unknown): Promise<UpstreamTarget> {
  const input = parseOrFail(FetchModelsRequestSchema, body);
  let key = input.key;
  let config = normaliseConfig(input.config ?? null);
  if (input.id !== undefined) {
    const stored = await findChannel(ctx.db, input.id);
    if (!stored) throw fail('channel.not_found');
    if (key.trim() === '') key = stored.key;
    config = config === '' ? (stored.config ?? '') : keepStoredSecrets(config, stored.config);
  }
  return targetOf(ctx, { type: input.type, key, base_url: input.base_url, other: input.other, config });
}
