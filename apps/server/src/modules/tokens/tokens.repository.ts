import type { Kysely, Updateable } from 'kysely';
import { ITEMS_PER_PAGE, MAX_RECENT_ITEMS, NEVER_EXPIRES, TokenStatus, type Budget, type RateLimits, type TokenOrder } from '@tollgate/contract';
import type { Dialect } from '../../db/dsn.js';
import { insertReturningId } from '../../db/insert-id.js';
import { startsWith } from '../../db/like.js';
import type { Database, TokenRow, TokensTable } from '../../db/schema.js';
import { nowSeconds } from '../../lib/random.js';
import { generateTokenKey } from './token-key.js';

type Db = Kysely<Database>;

export interface NewTokenInput {
  userId: number;
  name: string;
  key?: string;
  id?: number;
  remainQuota?: number;
  unlimitedQuota?: boolean;
  expiredTime?: number;
  models?: string;
  subnet?: string;
  limits?: RateLimits;
  budget?: Budget;
  /** The response cache switch (1 = on). */
  responseCache?: boolean;
}

export async function insertToken(db: Db, dialect: Dialect, input: NewTokenInput): Promise<number> {
  const now = nowSeconds();
  return insertReturningId(
    dialect,
    db.insertInto('tokens').values({
      ...(input.id === undefined ? {} : { id: input.id }),
      user_id: input.userId,
      key: input.key ?? generateTokenKey(),
      status: TokenStatus.Enabled,
      name: input.name,
      created_time: now,
      accessed_time: now,
      expired_time: input.expiredTime ?? NEVER_EXPIRES,
      remain_quota: input.remainQuota ?? 0,
      unlimited_quota: input.unlimitedQuota ?? false,
      used_quota: 0,
      models: input.models ?? '',
      subnet: input.subnet ?? '',
      ...input.limits,
      ...input.budget,
      ...(input.responseCache ? { response_cache: 1 } : {}),
    }),
  );
}

/** Every read and write below is scoped by the owner: a token id alone never reaches someone else's token. */
export const findUserToken = (db: Db, userId: number, id: number): Promise<TokenRow | undefined> =>
  db.selectFrom('tokens').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();

/** One page, newest first by default; `remain_quota` puts unlimited tokens first. Id breaks ties so pages never overlap. */
export function listUserTokens(db: Db, userId: number, page: number, order: TokenOrder): Promise<TokenRow[]> {
  let query = db.selectFrom('tokens').selectAll().where('user_id', '=', userId);
  if (order === 'remain_quota') query = query.orderBy('unlimited_quota', 'desc').orderBy('remain_quota', 'desc');
  if (order === 'used_quota') query = query.orderBy('used_quota', 'desc');
  return query
    .orderBy('id', 'desc')
    .limit(ITEMS_PER_PAGE)
    .offset(page * ITEMS_PER_PAGE)
    .execute();
}

export const searchUserTokens = (db: Db, userId: number, namePrefix: string): Promise<TokenRow[]> =>
  db.selectFrom('tokens').selectAll().where('user_id', '=', userId).where(startsWith('name', namePrefix)).orderBy('id', 'desc').limit(MAX_RECENT_ITEMS).execute();

export async function updateUserToken(db: Db, userId: number, id: number, patch: Updateable<TokensTable>): Promise<void> {
  await db.updateTable('tokens').set(patch).where('id', '=', id).where('user_id', '=', userId).execute();
}

export async function deleteUserToken(db: Db, userId: number, id: number): Promise<boolean> {
  const result = await db.deleteFrom('tokens').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
