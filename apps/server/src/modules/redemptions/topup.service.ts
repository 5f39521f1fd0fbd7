import { LogType, logPhrase, RedemptionMessages, RedemptionStatus, TopUpRequestSchema, type MessageCode } from '@tollgate/contract';
import type { AppContext } from '../../context.js';
import type { AuthenticatedUser } from '../auth/console-roles.js';
import { fail } from '../../http/errors.js';
import { quotaText } from '../../lib/quota-text.js';
import { nowSeconds } from '../../lib/random.js';
import { recordLog } from '../logs/logs.repository.js';
import { addUserQuota } from '../users/users.repository.js';
import { parseOrFail } from '../users/users.service.js';
import * as redemptions from './redemptions.repository.js';

/**
 * Redeems a code for the caller and answers the quota added. Claim, credit and log commit together: the
 * claim is a conditional UPDATE, so a code raced by many requests credits exactly once, and a failure
 * after the claim rolls it back and leaves the code unused.
 */
export async function redeemCode(ctx: AppContext, user: AuthenticatedUser, body: unknown): Promise<number> {
  const { key } = parseOrFail(TopUpRequestSchema, body);
  const credited = await ctx.db.transaction().execute(async (trx) => {
    const code = await redemptions.claimRedemption(trx, key, nowSeconds());
    if (!code) return undefined;
    await addUserQuota(trx, user.id, code.quota);
    await recordLog(trx, {
      userId: user.id,
      username: user.username,
      type: LogType.Topup,
      content: logPhrase('redeemed', { amount: quotaText(code.quota, ctx.options), id: code.id }),
      quota: code.quota,
    });
    return code.quota;
  });
  if (credited === undefined) throw fail(await refusal(ctx, key));
  return credited;
}

/** Why nothing was claimed; read after the transaction (SQLite has a single connection). */
async function refusal(ctx: AppContext, key: string): Promise<MessageCode> {
  const code = await redemptions.findRedemptionByKey(ctx.db, key);
  if (!code) return RedemptionMessages.invalidCode;
  return code.status === RedemptionStatus.Disabled ? RedemptionMessages.disabledCode : RedemptionMessages.usedCode;
}
