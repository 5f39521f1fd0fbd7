import type { Kysely } from 'kysely';
import { ChannelStatus } from '@tollgate/contract';
import type { ChannelRow, Database } from '../../db/schema.js';
import { splitList } from '../../lib/list.js';
import { parseModelMapping } from './model-mapping.js';

/**
 * The models a channel answers to: its model list, plus both sides of its model mapping, so a client
 * may ask for the public name or the upstream one (in one-api both had to be listed by hand).
 */
export function routableModels(channel: Pick<ChannelRow, 'models' | 'model_mapping'>): string[] {
  const mapping = parseModelMapping(channel.model_mapping);
  return [...new Set([...splitList(channel.models), ...Object.keys(mapping), ...Object.values(mapping)])];
}

/** Rewrites a channel's ability rows (group x model) from the channel itself; run on every change. */
export async function rebuildAbilities(db: Kysely<Database>, channel: ChannelRow): Promise<void> {
  await db.deleteFrom('abilities').where('channel_id', '=', channel.id).execute();
  const groups = splitList(channel.group);
  const models = routableModels(channel);
  const rows = groups.flatMap((group) =>
    models.map((model) => ({ group, model, channel_id: channel.id, enabled: channel.status === ChannelStatus.Enabled, priority: channel.priority ?? 0 })),
  );
  // Chunked: a channel may list hundreds of models in several groups, beyond a dialect's bind limit.
  for (let i = 0; i < rows.length; i += 200) await db.insertInto('abilities').values(rows.slice(i, i + 200)).execute();
}
