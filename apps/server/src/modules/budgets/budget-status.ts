import type { Budget, BudgetStatus } from '@tollgate/contract';
import type { AppContext } from '../../context.js';
import { budgetSetOf, type BudgetScope } from '../../relay/budgets/budget-scope.js';

/**
 * The budget in force on a key or a user and its spend this period, for the console. Read from the relay's
 * counters (memory, or Redis) only when the console asks: nothing on the relay's path.
 */
export async function keyBudgetStatus(ctx: AppContext, token: Budget & { id: number; user_id: number }): Promise<BudgetStatus> {
  const budget = budgetSetOf(Number(token.budget_amount), token.budget_period);
  return statusOf(ctx, budget && { id: `k${token.id}`, owner: 'key', budget, userId: token.user_id, tokenId: token.id });
}

/** A user's counter runs on the user's own budget, else on the group's default. */
export async function userBudgetStatus(ctx: AppContext, userId: number, group: string, stored: Budget): Promise<BudgetStatus> {
  const inForce = ctx.relay.budgets.userBudget(budgetSetOf(Number(stored.budget_amount), stored.budget_period), group);
  return statusOf(ctx, inForce && { id: `u${userId}`, owner: inForce.owner, budget: inForce.budget, userId });
}

async function statusOf(ctx: AppContext, scope: BudgetScope | undefined): Promise<BudgetStatus> {
  const { budgets } = ctx.relay;
  const zone = budgets.zone;
  if (!scope) return { amount: 0, period: '', source: '', spent: 0, period_start: 0, refills_at: 0, time_zone: zone };
  const { spent, period } = await budgets.ledger.spent(scope, zone);
  return { amount: scope.budget.amount, period: scope.budget.period, source: scope.owner, spent, period_start: period.start, refills_at: period.end, time_zone: zone };
}
