import { describe, expect, it } from 'vitest';
import { budgetOf, budgetValuesOf, moneyToQuota, quotaToMoney } from './budget-values';

const usd = { displayInCurrency: true, quotaPerUnit: 500_000, currency: { currency: 'USD', rate: 1 } };
const cny = { displayInCurrency: true, quotaPerUnit: 500_000, currency: { currency: 'CNY', rate: 7.3 } };

describe('budget amounts between the display currency and quota units', () => {
  it('converts at QuotaPerUnit and the display currency’s rate, to whole quota units', () => {
    expect(moneyToQuota(10, usd)).toBe(5_000_000);
    expect(moneyToQuota(0.0000021, usd)).toBe(1);
    expect(moneyToQuota(10, cny)).toBe(684_932);
    expect(quotaToMoney(684_932, cny)).toBe(10.000007);
    expect(quotaToMoney(5_000_000, usd)).toBe(10);
  });

  it('reads a stored budget into the form and writes the form back, an emptied amount as none', () => {
    expect(budgetValuesOf({ budget_amount: 2_500_000, budget_period: 'month' }, usd)).toEqual({ budget_amount: 5, budget_period: 'month' });
    expect(budgetValuesOf({ budget_amount: 0, budget_period: '' }, usd)).toEqual({ budget_amount: null, budget_period: '' });
    expect(budgetOf({ budget_amount: 5, budget_period: 'month' }, usd)).toEqual({ budget_amount: 2_500_000, budget_period: 'month' });
    expect(budgetOf({ budget_amount: null, budget_period: 'day' }, usd)).toEqual({ budget_amount: 0, budget_period: 'day' });
  });
});
