/** Texts of the budget fields shared by the key form and the admin user form. */
const zh = {
  title: '周期预算',
  amount: '预算金额（{{currency}}）',
  period: '预算周期',
  periods: { none: '不设预算', day: '每天', week: '每周', month: '每月' },
  notice: '在额度之外，按周期限制花费；周期开始时（{{zone}} 时区）恢复。超出预算的请求会被拒绝（429）。留空表示不设预算。',
  periodNeeded: '设置了预算金额时请选择预算周期',
  amountInvalid: '{{field}}必须是 0 或更大的金额',
  spent: '本周期已花费 {{spent}} / {{amount}}，{{refills}} 恢复',
  spentGroup: '本周期已花费 {{spent}} / {{amount}}（分组 {{group}} 的默认预算），{{refills}} 恢复',
  noBudget: '未设预算',
};

const en: typeof zh = {
  title: 'Budget per period',
  amount: 'Budget amount ({{currency}})',
  period: 'Budget period',
  periods: { none: 'No budget', day: 'Daily', week: 'Weekly', month: 'Monthly' },
  notice: 'Caps spending per period, beside the quota; it refills when the period starts (time zone {{zone}}). A request that would pass it is refused (429). Leave empty for no budget.',
  periodNeeded: 'Choose a budget period for this amount',
  amountInvalid: '{{field}} must be an amount of 0 or more',
  spent: 'Spent this period: {{spent}} of {{amount}}; refills {{refills}}',
  spentGroup: 'Spent this period: {{spent}} of {{amount}} (the default budget of group {{group}}); refills {{refills}}',
  noBudget: 'No budget',
};

export const budgetsI18n = { zh, en };
