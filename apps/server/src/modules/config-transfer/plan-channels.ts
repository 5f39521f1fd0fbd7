import type { ConfigChannel, ConfigItemChange, ConfigSectionDiff } from '@tollgate/contract';
import { message } from '@tollgate/contract';
import type { ChannelRow, NewChannel } from '../../db/schema.js';
import { nowSeconds } from '../../lib/random.js';
import { keepStoredSecrets, withoutSecrets } from '../channels/channel-config.js';
import { channelKeys, NEW_CHANNEL_COUNTERS } from '../channels/channel-fields.js';
import { channelLabel, documentChannelColumns, invalidChannelField, storedChannelColumns, type ChannelColumns } from './channel-columns.js';
import { MASK } from './config-sections.js';

export interface ChannelWrites {
  insert: NewChannel[];
  update: { id: number; patch: Partial<NewChannel> }[];
  remove: number[];
}

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
    const { columns, input } = documentChannelColumns(channel, index);
    const match = pools.get(identity(channel))?.shift();
    if (!match) {
      // A new channel's key is read as the console's add form reads it (AWS and Vertex AI compose theirs from the config).
      const keys = channelKeys(input, columns.config ?? '');
      if (keys.length === 0) throw invalidChannelField(index, 'key', channel, message('config.reason.new_channel_needs_key'));
      if (keys.length > 1) throw invalidChannelField(index, 'key', channel, message('config.reason.one_key_per_channel', { count: keys.length }));
      writes.insert.push({ ...columns, ...NEW_CHANNEL_COUNTERS, key: keys[0] ?? '', created_time: nowSeconds() });
      diff.added.push({ name: channelLabel(channel), fields: [] });
      return;
    }
    // As the channel form's update: a blank secret in the config keeps the stored one, a blank key the stored key.
    if (columns.config) columns.config = keepStoredSecrets(columns.config, match.config);
    const change = changedFields(storedChannelColumns(match), columns);
    const patch: Partial<NewChannel> = Object.fromEntries(change.map((item) => [item.field, columns[item.field as keyof ChannelColumns]]));
    const key = input.key.trim();
    if (key && key !== match.key) {
      patch.key = key;
      change.push({ field: 'key', from: MASK, to: MASK });
    }
    if (change.length === 0) return;
    writes.update.push({ id: match.id, patch });
    diff.changed.push({ name: channelLabel(channel), fields: change });
  });
  for (const row of [...pools.values()].flat()) {
    writes.remove.push(row.id);
    diff.removed.push({ name: channelLabel(row), fields: [] });
  }
  return { diff, writes };
}

const identity = (channel: { name: string | null; type: number }) => `${channel.type}\u0000${channel.name ?? ''}`;

function changedFields(before: ChannelColumns, after: ChannelColumns): ConfigItemChange['fields'] {
  return (Object.keys(after) as (keyof ChannelColumns)[])
    .filter((field) => String(before[field] ?? '') !== String(after[field] ?? ''))
    .map((field) => (field === 'config' ? { field, from: withoutSecrets(before.config), to: withoutSecrets(after.config) } : { field, from: String(before[field] ?? ''), to: String(after[field] ?? '') }));
}
