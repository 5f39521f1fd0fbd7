import type { MessageTexts } from './message.js';

/** Spending budgets of keys, users and groups; `{field}` names the field refused. */
export const budgetMessages = {
  'budget.amount_invalid': {
    en: '{field} must be a whole number of quota units, 0 (no budget) or more',
    zh: '{field} 必须是额度单位的整数，0（不设预算）或更大',
  },
  'budget.period_invalid': {
    en: '{field} must be one of "", "day", "week" or "month"',
    zh: '{field} 必须是 ""、"day"、"week" 或 "month" 之一',
  },
  'budget.period_needed': {
    en: 'a budget amount needs a period to refill in: set budget_period to day, week or month',
    zh: '设置了预算金额时必须选择周期：budget_period 应为 day、week 或 month',
  },
  'budget.group_not_json': {
    en: 'GroupBudgets must be a JSON object such as {"vip":{"amount":5000000,"period":"month"}}',
    zh: 'GroupBudgets 必须是 JSON 对象，如 {"vip":{"amount":5000000,"period":"month"}}',
  },
  'budget.group_entry_invalid': {
    en: 'GroupBudgets.{group} must be an object of amount and period, such as {"amount":5000000,"period":"month"}',
    zh: 'GroupBudgets.{group} 必须是包含 amount 和 period 的对象，如 {"amount":5000000,"period":"month"}',
  },
  'budget.time_zone_invalid': {
    en: '{field} must be an IANA time zone name such as UTC or Asia/Shanghai',
    zh: '{field} 必须是 IANA 时区名，如 UTC 或 Asia/Shanghai',
  },
} as const satisfies Record<string, MessageTexts>;
