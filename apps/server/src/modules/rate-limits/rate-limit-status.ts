import type { Budget, RateLimitStatus, RateLimits } from '@tollgate/contract';
import type { AppContext } from '../../context.js';
import { keyBudgetStatus, userBudgetStatus } from '../budgets/budget-status.js';
import { limitSetOf, tightest, type LimitSet } from '../../relay/limits/limit-set.js';

/**
 * The limits in force on a key or a user and how much of them is used now, for the console. Read from the
 * relay's counters (memory, or one Redis script) only when the console asks: nothing on the relay's path.
 */
export async function keyLimitStatus(ctx: AppContext, token: RateLimits & Budget & { id: number; user_id: number }): Promise<RateLimitStatus> {
  return { ...(await statusOf(ctx, `k${token.id}`, limitsOf(token))), budget: await keyBudgetStatus(ctx, token) };
}

/** A user's counter is limited by the tighter of the user's own limits and the group's default. */
export async function userLimitStatus(ctx: AppContext, userId: number, group: string, stored: RateLimits & Budget): Promise<RateLimitStatus> {
  const limits = await statusOf(ctx, `u${userId}`, tightest(limitsOf(stored), ctx.relay.groupLimits.of(group || 'default')));
  return { ...limits, budget: await userBudgetStatus(ctx, userId, group || 'default', stored) };
}

const limitsOf = (stored: RateLimits) => limitSetOf(Number(stored.rpm_limit), Number(stored.tpm_limit), Number(stored.concurrency_limit));

async function statusOf(ctx: AppContext, scope: string, limits: LimitSet | undefined): Promise<Omit<RateLimitStatus, 'budget'>> {
  const used = await ctx.relay.limiter.usage(scope);
  return {
    requests: { limit: limits?.rpm ?? 0, used: used.requests },
    tokens: { limit: limits?.tpm ?? 0, used: used.tokens },
    concurrency: { limit: limits?.concurrency ?? 0, used: used.concurrency },
  };
}
