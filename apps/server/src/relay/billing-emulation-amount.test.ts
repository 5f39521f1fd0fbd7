import { describe, expect, it } from 'vitest';
import { quotaToBillingAmount } from './billing-emulation-amount.js';

/** The three option readers over a plain table, as the store answers them. */
const options = (values: Record<string, string>) => ({
  str: (key: string) => values[key] ?? '',
  bool: (key: string) => values[key] === 'true',
  num: (key: string) => Number(values[key]),
});
const base = { DisplayInCurrencyEnabled: 'true', QuotaPerUnit: '500000', DisplayCurrency: 'USD', CurrencyExchangeRate: '7.2' };

describe('the billing emulation amount', () => {
  it('is dollars in USD, whatever the exchange rate says', () => {
    expect(quotaToBillingAmount(options(base))(1_000_000)).toBe(2);
  });

  it('is the display currency at the rate when it is not USD, with no binary noise on whole units', () => {
    const cny = quotaToBillingAmount(options({ ...base, DisplayCurrency: 'CNY' }));
    expect(cny(500_000)).toBe(7.2);
    expect(cny(3 * 500_000)).toBe(21.6);
    expect(cny(15)).toBeCloseTo((15 / 500_000) * 7.2, 15);
  });

  it('is raw quota when the console shows no currency, whichever currency is set', () => {
    expect(quotaToBillingAmount(options({ ...base, DisplayInCurrencyEnabled: 'false', DisplayCurrency: 'CNY' }))(40_000)).toBe(40_000);
  });

  it('falls back to dollars for a currency or rate the option rules refuse, as the console does', () => {
    expect(quotaToBillingAmount(options({ ...base, DisplayCurrency: 'yuan' }))(500_000)).toBe(1);
    expect(quotaToBillingAmount(options({ ...base, DisplayCurrency: 'CNY', CurrencyExchangeRate: '0' }))(500_000)).toBe(1);
  });
});
