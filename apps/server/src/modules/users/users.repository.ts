import { sql, type Kysely } from 'kysely';
import { UserStatus } from '@tollgate/contract';
import type { Dialect } from '../../db/dsn.js';
import { insertReturningId } from '../../db/insert-id.js';
import type { Database, NewUser, UserRow, UserUpdate } from '../../db/schema.js';

type Db = Kysely<Database>;

export const findUserById = (db: Db, id: number): Promise<UserRow | undefined> =>
  db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();

export const findUserByAccessToken = (db: Db, token: string): Promise<UserRow | undefined> =>
  db.selectFrom('users').selectAll().where('access_token', '=', token).executeTakeFirst();

export const findUserByAffCode = (db: Db, code: string): Promise<UserRow | undefined> =>
  db.selectFrom('users').selectAll().where('aff_code', '=', code).executeTakeFirst();

/** Login accepts a username or an email; deleted accounts never match. */
export async function findUserForLogin(db: Db, login: string): Promise<UserRow | undefined> {
  const live = db.selectFrom('users').selectAll().where('status', '!=', UserStatus.Deleted);
  return (await live.where('username', '=', login).executeTakeFirst()) ?? (login.includes('@') ? live.where('email', '=', login).executeTakeFirst() : undefined);
}

export async function isUsernameTaken(db: Db, username: string, exceptId?: number): Promise<boolean> {
  let query = db.selectFrom('users').select('id').where('username', '=', username);
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

export const countUsers = async (db: Db): Promise<number> =>
  Number((await db.selectFrom('users').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

export const insertUser = (db: Db, dialect: Dialect, user: NewUser): Promise<number> => insertReturningId(dialect, db.insertInto('users').values(user));

export async function updateUser(db: Db, id: number, patch: UserUpdate): Promise<void> {
  await db.updateTable('users').set(patch).where('id', '=', id).execute();
}

/** Atomic `quota = quota + delta`, safe under concurrent writers on every dialect. */
export async function addUserQuota(db: Db, id: number, delta: number): Promise<void> {
  await db
    .updateTable('users')
    .set({ quota: sql`quota + ${delta}` })
    .where('id', '=', id)
    .execute();
}
