import type { Kysely } from 'kysely';
import { ChannelStatus, ITEMS_PER_PAGE, MAX_RECENT_ITEMS } from '@tollgate/contract';
import type { Dialect } from '../../db/dsn.js';
import { insertReturningId } from '../../db/insert-id.js';
import { startsWith } from '../../db/like.js';
import type { ChannelRow, Database, NewChannel } from '../../db/schema.js';

type Db = Kysely<Database>;

export const listChannels = (db: Db, page: number): Promise<ChannelRow[]> =>
  db.selectFrom('channels').selectAll().orderBy('id', 'desc').limit(ITEMS_PER_PAGE).offset(page * ITEMS_PER_PAGE).execute();

/** Id exact, name prefix or key exact (the key itself is never returned). */
export function searchChannels(db: Db, keyword: string): Promise<ChannelRow[]> {
  return db
    .selectFrom('channels')
    .selectAll()
    .where((eb) => {
      const terms = [startsWith('name', keyword), eb('key', '=', keyword)];
      // Only a number an id can be: a longer one overflows PostgreSQL's integer and fails the query.
      if (/^\d{1,12}$/.test(keyword)) terms.push(eb('id', '=', Number(keyword)));
      return eb.or(terms);
    })
    .orderBy('id', 'desc')
    .limit(MAX_RECENT_ITEMS)
    .execute();
}

export const findChannel = (db: Db, id: number): Promise<ChannelRow | undefined> => db.selectFrom('channels').selectAll().where('id', '=', id).executeTakeFirst();

export const insertChannel = (db: Db, dialect: Dialect, channel: NewChannel): Promise<number> => insertReturningId(dialect, db.insertInto('channels').values(channel));

export async function updateChannel(db: Db, id: number, patch: Partial<NewChannel>): Promise<void> {
  await db.updateTable('channels').set(patch).where('id', '=', id).execute();
}

export async function deleteChannel(db: Db, id: number): Promise<boolean> {
  await db.deleteFrom('abilities').where('channel_id', '=', id).execute();
  const result = await db.deleteFrom('channels').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Deletes manually and automatically disabled channels with their abilities (one-api left the abilities behind). */
export async function deleteDisabledChannels(db: Db): Promise<number> {
  const disabled = [ChannelStatus.ManuallyDisabled, ChannelStatus.AutoDisabled];
  const ids = (await db.selectFrom('channels').select('id').where('status', 'in', disabled).execute()).map((r) => r.id);
  if (ids.length === 0) return 0;
  await db.deleteFrom('abilities').where('channel_id', 'in', ids).execute();
  const result = await db.deleteFrom('channels').where('id', 'in', ids).executeTakeFirst();
  return Number(result.numDeletedRows);
}
