import { z } from 'zod';
import type { CatalogMessage, MessageCode } from './messages/catalog.js';

/**
 * Spending budgets of a key or a user (and, as the GroupBudgets option, of a group's users): an amount in
 * quota units per period, beside one-api's quota, that refills at the period's start in the BudgetTimeZone.
 * An amount of 0 (or no period) means no budget.
 */
export const BUDGET_FIELDS = ['budget_amount', 'budget_period'] as const;
export type BudgetField = (typeof BUDGET_FIELDS)[number];

/** '' is "no budget"; a day starts at local midnight, a week on Monday 00:00, a month on the 1st 00:00. */
export const BUDGET_PERIODS = ['', 'day', 'week', 'month'] as const;
export type BudgetPeriod = (typeof BUDGET_PERIODS)[number];

/** The largest amount accepted (quota units): the counters stay exact integers below it. */
export const BUDGET_MAX = Number.MAX_SAFE_INTEGER;

const AMOUNT_INVALID = 'budget.amount_invalid' satisfies MessageCode;
const PERIOD_INVALID = 'budget.period_invalid' satisfies MessageCode;

/** A budget amount: a whole number of quota units, 0 (none) or more. */
export const budgetAmountSchema = () => z.number({ error: AMOUNT_INVALID }).int(AMOUNT_INVALID).min(0, AMOUNT_INVALID).max(BUDGET_MAX, AMOUNT_INVALID);

/** A budget period: '', day, week or month. */
export const budgetPeriodSchema = () => z.enum(BUDGET_PERIODS, { error: PERIOD_INVALID });

/** The budget as stored on a key or a user. */
export interface Budget {
  budget_amount: number;
  budget_period: BudgetPeriod;
}

/** A group's default budget in the GroupBudgets option: `{"vip":{"amount":5000000,"period":"month"}}`. */
export interface GroupBudget {
  amount: number;
  period: Exclude<BudgetPeriod, ''>;
}

/** Why a GroupBudgets value was refused, or undefined: a JSON object from group name to {amount, period}. */
export function groupBudgetsProblem(value: string): CatalogMessage | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    return { code: 'budget.group_not_json' };
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return { code: 'budget.group_not_json' };
  for (const [group, budget] of Object.entries(parsed)) {
    if (budget === null || typeof budget !== 'object' || Array.isArray(budget)) return { code: 'budget.group_entry_invalid', params: { group } };
    const { amount, period, ...rest } = budget as Record<string, unknown>;
    if (Object.keys(rest).length > 0) return { code: 'budget.group_entry_invalid', params: { group } };
    if (typeof amount !== 'number' || !Number.isInteger(amount) || amount < 0 || amount > BUDGET_MAX) return { code: AMOUNT_INVALID, params: { field: `GroupBudgets.${group}.amount` } };
    if (period !== 'day' && period !== 'week' && period !== 'month') return { code: PERIOD_INVALID, params: { field: `GroupBudgets.${group}.period` } };
  }
  return undefined;
}

/** Why a BudgetTimeZone value was refused (not an IANA zone this runtime knows), or undefined. */
export function budgetTimeZoneProblem(value: string): CatalogMessage | undefined {
  if (value === '') return undefined;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return undefined;
  } catch {
    return { code: 'budget.time_zone_invalid', params: { field: 'BudgetTimeZone' } };
  }
}

/** Where a key's or user's budget stands this period (GET /api/token/:id/limits and /api/user/:id/limits, `budget`). */
export interface BudgetStatus {
  /** Quota units per period; 0 = no budget applies. */
  amount: number;
  period: BudgetPeriod;
  /** Where the budget in force comes from: the key's, the user's own, or the user's group's default. */
  source: 'key' | 'user' | 'group' | '';
  /** Quota units spent this period (settled charges, and the reservations of requests still running). */
  spent: number;
  /** When the period began and when it refills (epoch ms); 0 when no budget applies. */
  period_start: number;
  refills_at: number;
  /** The zone periods are counted in (the BudgetTimeZone option). */
  time_zone: string;
}
