import type { Kysely } from 'kysely';
import { NEVER_EXPIRES, TokenStatus } from '@tollgate/contract';
import type { Dialect } from '../../db/dsn.js';
import { insertReturningId } from '../../db/insert-id.js';
import type { Database } from '../../db/schema.js';
import { nowSeconds } from '../../lib/random.js';
import { generateTokenKey } from './token-key.js';

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
}

export async function insertToken(db: Kysely<Database>, dialect: Dialect, input: NewTokenInput): Promise<number> {
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
    }),
  );
}
