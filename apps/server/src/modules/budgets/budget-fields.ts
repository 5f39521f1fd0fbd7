import { BUDGET_PERIODS, type BudgetPeriod } from '@tollgate/contract';
import { ApiError } from '../../http/errors.js';

/** A stored period as the contract names it; anything else (a hand-edited row) reads as none. */
export const budgetPeriodOf = (stored: string | null | undefined): BudgetPeriod => ((BUDGET_PERIODS as readonly string[]).includes(stored ?? '') ? (stored as BudgetPeriod) : '');

/**
 * Refuses an amount with no period to refill in (400, naming budget_period), checked after the request is
 * merged with what is stored. (A period without an amount is kept: it is no budget, and the form keeps the choice.)
 */
export function assertBudgetPair(amount: number, period: string): void {
  if (amount > 0 && period === '') throw new ApiError('budget.period_needed', { field: 'budget_period' }, 400);
}
