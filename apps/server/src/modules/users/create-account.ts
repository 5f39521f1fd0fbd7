import { LogType, logPhrase, Role, UserStatus } from '@tollgate/contract';
import type { AppContext } from '../../context.js';
import type { NewUser } from '../../db/schema.js';
import { isUniqueViolation } from '../../db/errors.js';
import { quotaText } from '../../lib/quota-text.js';
import { randomAlphanumeric, uuidHex } from '../../lib/random.js';
import { recordLog } from '../logs/logs.repository.js';
import { insertToken } from '../tokens/tokens.repository.js';
import { hashPassword } from './password.js';
import * as users from './users.repository.js';

export interface NewAccount {
  username: string;
  password: string;
  displayName: string;
  email?: string;
  inviterId?: number;
  /** A third-party id the account is created with (GitHub, Lark, OIDC or WeChat sign-up). */
  identity?: Partial<Pick<NewUser, 'github_id' | 'lark_id' | 'oidc_id' | 'wechat_id'>>;
}

/**
 * A new common user, as one-api's User.Insert makes one for registration and for the admin's "add user":
 * the new-user quota (logged when above 0), an access token, an affiliate code and a default key that
 * never expires and has no quota limit of its own.
 */
export async function createAccount(ctx: AppContext, account: NewAccount): Promise<number> {
  const quota = ctx.options.num('QuotaForNewUser');
  const passwordHash = await hashPassword(account.password);
  const userId = await ctx.db.transaction().execute(async (trx) => {
    const id = await users.insertUser(trx, ctx.dialect, {
      username: account.username,
      password: passwordHash,
      display_name: account.displayName || account.username,
      role: Role.Common,
      status: UserStatus.Enabled,
      email: account.email ?? '',
      access_token: uuidHex(),
      aff_code: null,
      inviter_id: account.inviterId ?? 0,
      quota,
      used_quota: 0,
      request_count: 0,
      group: 'default',
      ...account.identity,
    });
    await insertToken(trx, ctx.dialect, { userId: id, name: 'default', unlimitedQuota: true });
    return id;
  });
  // Outside the transaction: a clashing code fails one statement, which PostgreSQL would not forgive
  // inside a transaction (every later statement of it is refused).
  await assignAffiliateCode(ctx, userId);
  if (quota > 0) await recordLog(ctx.db, { userId, username: account.username, type: LogType.System, content: logPhrase('newUserGift', { amount: quotaText(quota, ctx.options) }) });
  return userId;
}

/** Affiliate codes are 4 random characters with a unique index; on the rare collision, draw again (longer). */
export async function assignAffiliateCode(ctx: AppContext, userId: number): Promise<string> {
  for (let attempt = 0; ; attempt += 1) {
    const code = randomAlphanumeric(attempt < 3 ? 4 : 8);
    try {
      await users.updateUser(ctx.db, userId, { aff_code: code });
      return code;
    } catch (error) {
      if (!isUniqueViolation(error) || attempt >= 5) throw error;
    }
  }
}
