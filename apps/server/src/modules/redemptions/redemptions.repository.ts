import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import { ITEMS_PER_PAGE, MAX_RECENT_ITEMS, RedemptionStatus } from '@tollgate/contract';
import { startsWith } from '../../db/like.js';
import type { Database, RedemptionsTable } from '../../db/schema.js';

type Db = Kysely<Database>;
export type RedemptionRow = Selectable<RedemptionsTable>;

export const listRedemptions = (db: Db, page: number): Promise<RedemptionRow[]> =>
  db.selectFrom('redemptions').selectAll().orderBy('id', 'desc').limit(ITEMS_PER_PAGE).offset(page * ITEMS_PER_PAGE).execute();

/** Id exact or name prefix. The id term is added only for digits: PostgreSQL refuses to compare an integer with text. */
export function searchRedemptions(db: Db, keyword: string): Promise<RedemptionRow[]> {
  return db
    .selectFrom('redemptions')
    .selectAll()
    .where((eb) => (/^\d{1,12}$/.test(keyword) ? eb.or([eb('id', '=', Number(keyword)), startsWith('name', keyword)]) : startsWith('name', keyword)))
    .orderBy('id', 'desc')
    .limit(MAX_RECENT_ITEMS)
    .execute();
}

export const findRedemption = (db: Db, id: number): Promise<RedemptionRow | undefined> =>
  db.selectFrom('redemptions').selectAll().where('id', '=', id).executeTakeFirst();

export const findRedemptionByKey = (db: Db, key: string): Promise<RedemptionRow | undefined> =>
  db.selectFrom('redemptions').selectAll().where('key', '=', key).executeTakeFirst();

/** One multi-row statement: the whole batch is stored or none of it. */
export async function insertRedemptions(db: Db, rows: Insertable<RedemptionsTable>[]): Promise<void> {
  await db.insertInto('redemptions').values(rows).execute();
}

export async function updateRedemption(db: Db, id: number, patch: Updateable<RedemptionsTable>): Promise<void> {
  await db.updateTable('redemptions').set(patch).where('id', '=', id).execute();
}

/** Enables or disables a code unless it has been used, even by a redeem that lands between read and write. */
export async function setUnusedRedemptionStatus(db: Db, id: number, status: number): Promise<boolean> {
  const result = await db.updateTable('redemptions').set({ status }).where('id', '=', id).where('status', '!=', RedemptionStatus.Used).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function deleteRedemption(db: Db, id: number): Promise<boolean> {
  const result = await db.deleteFrom('redemptions').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/**
 * Marks an unused code as used and answers it, or undefined when no unused code has this key. The status
 * test sits in the UPDATE itself, so of two concurrent redeems exactly one changes the row (the other
 * waits on the row lock, then matches nothing). Run it in a transaction: the row read back is then ours.
 */
export async function claimRedemption(db: Db, key: string, now: number): Promise<RedemptionRow | undefined> {
  const result = await db
    .updateTable('redemptions')
    .set({ status: RedemptionStatus.Used, redeemed_time: now })
    .where('key', '=', key)
    .where('status', '=', RedemptionStatus.Unused)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) return undefined;
  return db.selectFrom('redemptions').selectAll().where('key', '=', key).executeTakeFirstOrThrow();
}
