import { AdminTopUpRequestSchema, LogType, logPhrase } from '@tollgate/contract';
import type { AppContext } from '../../context.js';
import { quotaText } from '../../lib/quota-text.js';
import { recordLog } from '../logs/logs.repository.js';
import { findLiveUser } from './admin-users.service.js';
import { addUserQuota } from './users.repository.js';
import { parseOrFail } from './users.service.js';

/**
 * POST /api/topup: a payment integration (or an admin) credits a user. The quota is added with an atomic
 * `quota + x`, in one transaction with its top-up log, so a credit is never applied without its record.
 */
export async function adminTopUp(ctx: AppContext, body: unknown): Promise<void> {
  const input = parseOrFail(AdminTopUpRequestSchema, body);
  const user = await findLiveUser(ctx, input.user_id);
  const content = input.remark?.trim() || logPhrase('apiTopUp', { amount: quotaText(input.quota, ctx.options) });
  await ctx.db.transaction().execute(async (trx) => {
    await addUserQuota(trx, user.id, input.quota);
    await recordLog(trx, { userId: user.id, username: user.username, type: LogType.Topup, content, quota: input.quota });
  });
}
