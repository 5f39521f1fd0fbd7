import type { ConfigChannel, ConfigItemChange, ConfigSectionDiff } from '@tollgate/contract';
import { message } from '@tollgate/contract';
import type { ChannelRow, NewChannel } from '../../db/schema.js';
import { nowSeconds } from '../../lib/random.js';
import { keepStoredSecrets, withoutSecrets } from '../channels/channel-config.js';
import { MASK } from './config-sections.js';
import { channelToDocument, channelToStored, type StoredChannelFields } from './config-values.js';
import { invalidField } from './import-error.js';

export interface ChannelWrites {
  insert: NewChannel[];
  update: { id: number; patch: Partial<NewChannel> }[];
  remove: number[];
}

const NEW_CHANNEL_COUNTERS = { test_time: 0, response_time: 0, balance: 0, balance_updated_time: 0, used_quota: 0 };

const label = (channel: { name: string | null; type: number }) => `${channel.name ?? ''} (type ${channel.type})`;

/**
 * The channels section is the whole list: a channel is matched by name and type (the n-th of a name and type
 * in the document to the n-th in the database, by id), a stored channel the document lacks is removed.
 * Names are not unique in one-api, and ids differ between databases, so name+type is the stable identity.
 */
export function planChannels(document: ConfigChannel[], stored: ChannelRow[]): { diff: ConfigSectionDiff; writes: ChannelWrites } {
  const pools = new Map<string, ChannelRow[]>();
  for (const row of stored) pools.set(identity(row), [...(pools.get(identity(row)) ?? []), row]);
  const diff: ConfigSectionDiff = { added: [], changed: [], removed: [] };
  const writes: ChannelWrites = { insert: [], update: [], remove: [] };
  document.forEach((channel, index) => {
    const fields = channelToStored(channel);
    const match = pools.get(identity(channel))?.shift();
    if (!match) {
      if (!channel.key?.trim()) throw invalidField(`channels[${index}].key`, message('config.reason.new_channel_needs_key'));
      writes.insert.push({ ...fields, ...NEW_CHANNEL_COUNTERS, key: channel.key.trim(), created_time: nowSeconds() });
      diff.added.push({ name: label(channel), fields: [] });
      return;
    }
    if (fields.config) fields.config = keepStoredSecrets(fields.config, match.config);
    const change = changedFields(channelToStored(channelToDocument(match, true)), fields);
    const patch: Partial<NewChannel> = Object.fromEntries(change.map((item) => [item.field, fields[item.field as keyof StoredChannelFields]]));
    const key = channel.key?.trim();
    if (key && key !== match.key) {
      patch.key = key;
      change.push({ field: 'key', from: MASK, to: MASK });
    }
    if (change.length === 0) return;
    writes.update.push({ id: match.id, patch });
    diff.changed.push({ name: label(channel), fields: change });
  });
  for (const row of [...pools.values()].flat()) {
    writes.remove.push(row.id);
    diff.removed.push({ name: label(row), fields: [] });
  }
  return { diff, writes };
}

const identity = (channel: { name: string | null; type: number }) => `${channel.type}\u0000${channel.name ?? ''}`;

function changedFields(before: Required<StoredChannelFields>, after: Required<StoredChannelFields>): ConfigItemChange['fields'] {
  return (Object.keys(after) as (keyof StoredChannelFields)[])
    .filter((field) => String(before[field] ?? '') !== String(after[field] ?? ''))
    .map((field) => (field === 'config' ? { field, from: withoutSecrets(before.config), to: withoutSecrets(after.config) } : { field, from: String(before[field] ?? ''), to: String(after[field] ?? '') }));
}
