import type { Kysely } from 'kysely';
import { UserStatus } from '@tollgate/contract';
import type { Database, UserRow } from '../../db/schema.js';
import type { IdentityColumn } from './external-identity.js';

type Db = Kysely<Database>;

/**
 * The live account holding a third-party id. A deleted account keeps its old id in the column; it no
 * longer counts, so the person can sign up again instead of being told they are banned forever.
 */
export const findLiveUserByIdentity = (db: Db, column: IdentityColumn, id: string): Promise<UserRow | undefined> =>
  db.selectFrom('users').selectAll().where(column, '=', id).where('status', '!=', UserStatus.Deleted).executeTakeFirst();

/** The next id the users table will likely hand out, for one-api's `github_<n>` style names. */
export async function nextUserId(db: Db): Promise<number> {
  const row = await db.selectFrom('users').select((eb) => eb.fn.max('id').as('max')).executeTakeFirst();
  return Number(row?.max ?? 0) + 1;
}
