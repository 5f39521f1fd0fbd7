import { ChannelInputSchema, ChannelMessages, ChannelStatus, type ChannelView } from '@tollgate/contract';
import type { AppContext } from '../../context.js';
import type { NewChannel } from '../../db/schema.js';
import { fail } from '../../http/errors.js';
import { nowSeconds } from '../../lib/random.js';
import { parseOrFail } from '../users/users.service.js';
import { insertAbilities, rebuildAbilities } from './abilities.js';
import { keepStoredSecrets } from './channel-config.js';
import { channelKeys, ChannelFieldError, NEW_CHANNEL_COUNTERS, normaliseConfig, validatedFields } from './channel-fields.js';
import { toChannelView } from './channel-view.js';
import * as repo from './channels.repository.js';

/** Creates one channel per non-empty key line (batch add), each with its abilities. */
export async function createChannels(ctx: AppContext, body: unknown): Promise<number[]> {
  const input = parseOrFail(ChannelInputSchema, body);
  const config = normaliseConfig(input.config);
  const keys = channelKeys(input, config);
  if (!input.name || keys.length === 0) throw new ChannelFieldError(ChannelMessages.nameAndKeyRequired, input.name ? 'key' : 'name');
  const fields = validatedFields(input, config);
  return ctx.db.transaction().execute(async (trx) => {
    const ids: number[] = [];
    for (const key of keys) {
      const id = await repo.insertChannel(trx, ctx.dialect, { ...fields, ...NEW_CHANNEL_COUNTERS, key, status: input.status ?? ChannelStatus.Enabled, created_time: nowSeconds() });
      const row = await repo.findChannel(trx, id);
      if (row) await insertAbilities(trx, row);
      ids.push(id);
    }
    return ids;
  });
}

/**
 * A full update (every field the form sends; a blank key keeps the stored one), or a quick change of
 * status, priority or weight alone as the channel list sends them.
 */
export async function updateChannel(ctx: AppContext, body: unknown): Promise<ChannelView> {
  const input = parseOrFail(ChannelInputSchema, body);
  if (input.id === undefined) throw fail('channel.id_required');
  const existing = await repo.findChannel(ctx.db, input.id);
  if (!existing) throw fail('channel.not_found');
  const raw = (body ?? {}) as Record<string, unknown>;
  const quick = Object.keys(raw).every((k) => ['id', 'status', 'priority', 'weight'].includes(k));
  const patch: Partial<NewChannel> = {};
  // The schema refused a status other than 1–3 and a negative weight (400, naming the field).
  if (input.status !== undefined) patch.status = input.status;
  if (input.priority != null) patch.priority = input.priority;
  if (input.weight != null) patch.weight = input.weight;
  if (!quick) {
    const config = keepStoredSecrets(normaliseConfig(input.config ?? existing.config), existing.config);
    Object.assign(patch, validatedFields(input, config));
    const key = input.key.trim();
    if (key) patch.key = key;
  }
  return ctx.db.transaction().execute(async (trx) => {
    await repo.updateChannel(trx, existing.id, patch);
    const row = await repo.findChannel(trx, existing.id);
    if (!row) throw fail('channel.not_found');
    await rebuildAbilities(trx, row);
    return toChannelView(row, ctx.relay.breakers.view(row.id));
  });
}

export async function getChannel(ctx: AppContext, id: number): Promise<ChannelView> {
  const row = await repo.findChannel(ctx.db, id);
  if (!row) throw fail('channel.not_found');
  return toChannelView(row, ctx.relay.breakers.view(row.id));
}
