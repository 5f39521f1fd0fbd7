import type { Kysely } from 'kysely';
import { isUniqueViolation } from '../../db/errors.js';
import type { Database } from '../../db/schema.js';
import type { UserTwoFactorTable } from '../../db/two-factor-table.js';

type Db = Kysely<Database>;
export type TwoFactorRow = UserTwoFactorTable;

export const findTwoFactor = (db: Db, userId: number): Promise<TwoFactorRow | undefined> =>
  db.selectFrom('user_two_factor').selectAll().where('user_id', '=', userId).executeTakeFirst();

export async function isTwoFactorEnabled(db: Db, userId: number): Promise<boolean> {
  const row = await db.selectFrom('user_two_factor').select('enabled').where('user_id', '=', userId).executeTakeFirst();
  return Number(row?.enabled ?? 0) === 1;
}

/**
 * A new enrolment replaces one begun before and never confirmed. Two setups at once (two tabs, a double click)
 * both find no row and both insert: the one that loses on the primary key replaces the winner's secret instead,
 * so the last secret shown is the one kept (a delete then insert answered the loser with a 500).
 */
export async function saveBegunEnrolment(db: Db, userId: number, sealedSecret: string, now: number): Promise<void> {
  const begun = { secret: sealedSecret, enabled_at: 0, last_step: 0, recovery_codes: '[]', created_at: now };
  if (await replaceBegunEnrolment(db, userId, begun)) return;
  try {
    await db.insertInto('user_two_factor').values({ user_id: userId, enabled: 0, ...begun }).execute();
  } catch (error) {
    if (!isUniqueViolation(error) || !(await replaceBegunEnrolment(db, userId, begun))) throw error;
  }
}

async function replaceBegunEnrolment(db: Db, userId: number, begun: Omit<TwoFactorRow, 'user_id' | 'enabled'>): Promise<boolean> {
  const result = await db.updateTable('user_two_factor').set(begun).where('user_id', '=', userId).where('enabled', '=', 0).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Records that a code of `step` was accepted, only if no code of this step or a later one was: the condition
 * in the update makes the check and the write one step, so two nodes cannot both accept the same code.
 */
export async function claimStep(db: Db, userId: number, step: number): Promise<boolean> {
  const result = await db.updateTable('user_two_factor').set({ last_step: step }).where('user_id', '=', userId).where('last_step', '<', step).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function markEnabled(db: Db, userId: number, recoveryHashes: string[], now: number): Promise<boolean> {
  const result = await db
    .updateTable('user_two_factor')
    .set({ enabled: 1, enabled_at: now, recovery_codes: JSON.stringify(recoveryHashes) })
    .where('user_id', '=', userId)
    .where('enabled', '=', 0)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Replaces the stored list only if it is still `before`: a recovery code is spent once, even by two requests at once. */
export async function swapRecoveryCodes(db: Db, userId: number, before: string, after: string[]): Promise<boolean> {
  const result = await db
    .updateTable('user_two_factor')
    .set({ recovery_codes: JSON.stringify(after) })
    .where('user_id', '=', userId)
    .where('recovery_codes', '=', before)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Disabling, and deleting the user: the row goes. */
export async function deleteTwoFactor(db: Db, userId: number): Promise<void> {
  await db.deleteFrom('user_two_factor').where('user_id', '=', userId).execute();
}
