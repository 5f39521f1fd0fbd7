import type { Budget, BudgetPeriod } from '@tollgate/contract';
import type { QuotaDisplay } from '@/lib/format/quota';

/**
 * What the budget inputs hold: the amount in the display currency (the field keeps the server's name, so a
 * refusal naming budget_amount marks it), or null when emptied, and the period ('' for none).
 */
export interface BudgetValues {
  budget_amount: number | null;
  budget_period: BudgetPeriod;
}

/** The money a whole number of quota units is, in the display currency: rounded to 6 decimals, as the field shows it. */
export function quotaToMoney(quota: number, display: QuotaDisplay): number {
  const money = (quota / display.quotaPerUnit) * (display.currency?.rate ?? 1);
  return Number(money.toFixed(6));
}

/** Quota units of an amount of money in the display currency, rounded to whole units (the API takes whole units). */
export function moneyToQuota(money: number, display: QuotaDisplay): number {
  return Math.round((money / (display.currency?.rate ?? 1)) * display.quotaPerUnit);
}

/** The form's values of a stored budget. */
export const budgetValuesOf = (stored: Budget, display: QuotaDisplay): BudgetValues => ({
  budget_amount: stored.budget_amount > 0 ? quotaToMoney(stored.budget_amount, display) : null,
  budget_period: stored.budget_period,
});

/** The body's fields: an emptied amount is no budget (0); a period without an amount is kept, and is no budget either. */
export const budgetOf = (values: Partial<BudgetValues>, display: QuotaDisplay): Budget => ({
  budget_amount: typeof values.budget_amount === 'number' ? moneyToQuota(values.budget_amount, display) : 0,
  budget_period: values.budget_period ?? '',
});
