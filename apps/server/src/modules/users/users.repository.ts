import { sql, type Kysely } from 'kysely';
import { ITEMS_PER_PAGE, MAX_RECENT_ITEMS, UserStatus, type UserOrder } from '@tollgate/contract';
import type { Dialect } from '../../db/dsn.js';
import { insertReturningId } from '../../db/insert-id.js';
import { startsWith } from '../../db/like.js';
import type { Database, NewUser, UserRow, UserUpdate } from '../../db/schema.js';
import { uuidHex } from '../../lib/random.js';
import { deleteTwoFactor } from '../two-factor/two-factor.repository.js';
import { deleteAllPasskeys } from '../passkeys/passkeys.repository.js';

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

/** A soft delete, as one-api does: the name is freed for reuse and the account can no longer sign in. */
export async function softDeleteUser(db: Db, id: number): Promise<void> {
  await updateUser(db, id, { username: `deleted_${uuidHex()}`, status: UserStatus.Deleted, access_token: null });
  // Tollgate's own rows of the account (two-factor secret and recovery codes, passkeys) go with it.
  await deleteTwoFactor(db, id);
  await deleteAllPasskeys(db, id);
}

/** Deleted accounts are invisible to the admin screens. */
const liveUsers = (db: Db) => db.selectFrom('users').selectAll().where('status', '!=', UserStatus.Deleted);

export const findLiveUserByUsername = (db: Db, username: string): Promise<UserRow | undefined> => liveUsers(db).where('username', '=', username).executeTakeFirst();

/** One page of live users: newest first, or by quota, used quota or request count (largest first). */
export function listUsers(db: Db, page: number, order: UserOrder): Promise<UserRow[]> {
  const sorted = order === '' ? liveUsers(db) : liveUsers(db).orderBy(order, 'desc');
  return sorted
    .orderBy('id', 'desc')
    .limit(ITEMS_PER_PAGE)
    .offset(page * ITEMS_PER_PAGE)
    .execute();
}

/** Live users whose id is the keyword, or whose username, email or display name starts with it. */
export function searchUsers(db: Db, keyword: string): Promise<UserRow[]> {
  const id = /^\d{1,12}$/.test(keyword) ? Number(keyword) : undefined;
  return liveUsers(db)
    .where((eb) =>
      eb.or([
        ...(id === undefined ? [] : [eb('id', '=', id)]),
        startsWith('username', keyword),
        startsWith('email', keyword),
        startsWith('display_name', keyword),
      ]),
    )
    .orderBy('id', 'desc')
    .limit(MAX_RECENT_ITEMS)
    .execute();
}

/** The live account using this email address, if any (sign-up, binding and password reset). */
export const findLiveUserByEmail = (db: Db, email: string): Promise<UserRow | undefined> => liveUsers(db).where('email', '=', email).executeTakeFirst();
