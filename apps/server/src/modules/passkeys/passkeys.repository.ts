import type { Insertable, Kysely, Selectable } from 'kysely';
import type { PasskeysTable } from '../../db/passkey-tables.js';
import type { Database } from '../../db/schema.js';

type Db = Kysely<Database>;
export type PasskeyRow = Selectable<PasskeysTable>;

export const listPasskeys = (db: Db, userId: number): Promise<PasskeyRow[]> =>
  db.selectFrom('passkeys').selectAll().where('user_id', '=', userId).orderBy('id').execute();

export const findPasskeyByCredentialId = (db: Db, credentialId: string): Promise<PasskeyRow | undefined> =>
  db.selectFrom('passkeys').selectAll().where('credential_id', '=', credentialId).executeTakeFirst();

export async function countPasskeys(db: Db, userId: number): Promise<number> {
  const row = await db.selectFrom('passkeys').select((eb) => eb.fn.countAll<number | string>().as('count')).where('user_id', '=', userId).executeTakeFirst();
  return Number(row?.count ?? 0);
}

export async function insertPasskey(db: Db, row: Insertable<PasskeysTable>): Promise<number> {
  await db.insertInto('passkeys').values(row).execute();
  const stored = await findPasskeyByCredentialId(db, row.credential_id);
  return stored?.id ?? 0;
}

export async function renamePasskey(db: Db, userId: number, id: number, name: string): Promise<boolean> {
  const result = await db.updateTable('passkeys').set({ name }).where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function deletePasskey(db: Db, userId: number, id: number): Promise<boolean> {
  const result = await db.deleteFrom('passkeys').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Every passkey of a user (the user deleted, or an administrator's reset); answers how many went. */
export async function deleteAllPasskeys(db: Db, userId: number): Promise<number> {
  const result = await db.deleteFrom('passkeys').where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * Records a use with its new signature counter, only if the stored one is still the one checked: two answers of
 * a cloned authenticator at once cannot both pass. A counter of 0 both times (authenticators without one, most
 * synced passkeys) is no evidence either way and is accepted.
 */
export async function recordUse(db: Db, row: PasskeyRow, counter: number, backedUp: boolean, now: number): Promise<boolean> {
  const result = await db
    .updateTable('passkeys')
    .set({ counter, last_used_at: now, backed_up: backedUp ? 1 : 0 })
    .where('id', '=', row.id)
    .where('counter', '=', Number(row.counter))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
