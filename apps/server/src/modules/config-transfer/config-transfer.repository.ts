import { UserStatus } from '@tollgate/contract';
import type { Kysely } from 'kysely';
import type { Dialect } from '../../db/dsn.js';
import { insertReturningId } from '../../db/insert-id.js';
import type { ChannelRow, Database, NewChannel } from '../../db/schema.js';
import { rebuildAbilities } from '../channels/abilities.js';
import { deleteChannel, findChannel, updateChannel } from '../channels/channels.repository.js';

type Db = Kysely<Database>;

/** Channels in id order: the n-th channel of a name and type is matched to the n-th in a document. */
export const listChannelsById = (db: Db): Promise<ChannelRow[]> => db.selectFrom('channels').selectAll().orderBy('id', 'asc').execute();

/** The stored option rows (not the defaults: an option never saved stays unsaved through an import of an export). */
export async function storedOptions(db: Db): Promise<Map<string, string>> {
  const rows = await db.selectFrom('options').select(['key', 'value']).execute();
  return new Map(rows.map((row) => [row.key, row.value ?? '']));
}

export const usersByName = (db: Db, usernames: string[]) =>
  usernames.length === 0 ? Promise.resolve([]) : db.selectFrom('users').select(['id', 'username', 'quota']).where('username', 'in', usernames).execute();

export const listUserQuotas = (db: Db) => db.selectFrom('users').select(['username', 'quota']).where('status', '!=', UserStatus.Deleted).orderBy('id', 'asc').execute();

export async function writeOption(db: Db, key: string, value: string): Promise<void> {
  const updated = await db.updateTable('options').set({ value }).where('key', '=', key).executeTakeFirst();
  if (Number(updated.numUpdatedRows) === 0) await db.insertInto('options').values({ key, value }).execute();
}

export async function setUserQuota(db: Db, id: number, quota: number): Promise<void> {
  await db.updateTable('users').set({ quota }).where('id', '=', id).execute();
}

/** Channel writes rebuild the abilities the way the channels module does, within the caller's transaction. */
export async function insertChannelWithAbilities(db: Db, dialect: Dialect, channel: NewChannel): Promise<void> {
  const id = await insertReturningId(dialect, db.insertInto('channels').values(channel));
  const row = await findChannel(db, id);
  if (row) await rebuildAbilities(db, row);
}

export async function updateChannelWithAbilities(db: Db, id: number, patch: Partial<NewChannel>): Promise<void> {
  await updateChannel(db, id, patch);
  const row = await findChannel(db, id);
  if (row) await rebuildAbilities(db, row);
}

export const removeChannel = (db: Db, id: number): Promise<boolean> => deleteChannel(db, id);
