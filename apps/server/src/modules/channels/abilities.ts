import type { Kysely } from 'kysely';
import { ChannelStatus } from '@tollgate/contract';
import { routableModels } from '../../db/channel-columns.js';
import type { ChannelRow, Database } from '../../db/schema.js';
import { splitList } from '../../lib/list.js';

/** Rewrites a channel's ability rows (group x model) from the channel itself; run on every change. */
export async function rebuildAbilities(db: Kysely<Database>, channel: ChannelRow): Promise<void> {
  await db.deleteFrom('abilities').where('channel_id', '=', channel.id).execute();
  await insertAbilities(db, channel);
}

/**
 * The ability rows of a channel that has none yet (one just created). No delete first: on MySQL a delete
 * that finds nothing still locks the index gap, and two channels created at once deadlocked on it.
 */
export async function insertAbilities(db: Kysely<Database>, channel: ChannelRow): Promise<void> {
  const groups = splitList(channel.group);
  const models = routableModels(channel);
  const rows = groups.flatMap((group) =>
    models.map((model) => ({ group, model, channel_id: channel.id, enabled: channel.status === ChannelStatus.Enabled, priority: channel.priority ?? 0 })),
  );
  // Chunked: a channel may list hundreds of models in several groups, beyond a dialect's bind limit.
  for (let i = 0; i < rows.length; i += 200) await db.insertInto('abilities').values(rows.slice(i, i + 200)).execute();
}
