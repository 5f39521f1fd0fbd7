import type { BudgetPeriod } from '@tollgate/contract';

/** A budget in force: quota units per period. */
export interface BudgetSet {
  amount: number;
  period: Exclude<BudgetPeriod, ''>;
}

/** The budget as stored on a key or a user, or undefined when there is none: the relay then does nothing for it. */
export function budgetSetOf(amount: number, period: string): BudgetSet | undefined {
  return amount > 0 && (period === 'day' || period === 'week' || period === 'month') ? { amount, period } : undefined;
}

/** Whose budget a scope counts: a key's own, a user's own, or the user's group default. */
export type BudgetOwner = 'key' | 'user' | 'group';

/**
 * One spend counter the relay checks: a key's (`k<id>`) or a user's (`u<id>`), with the budget in force on it.
 * `userId` and `tokenId` find its spend in the usage rollups when a node first counts it.
 */
export interface BudgetScope {
  id: string;
  owner: BudgetOwner;
  budget: BudgetSet;
  userId: number;
  tokenId?: number;
}
