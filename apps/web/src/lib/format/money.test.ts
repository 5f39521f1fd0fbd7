import { STORAGE_KEYS } from '@tollgate/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { currencyDisplay, currencySymbol, formatAmount, formatMoney, formatPrice, readCurrency } from './money';

afterEach(() => localStorage.clear());

const USD_ = { currency: 'USD', rate: 1 };

describe('money', () => {
  it('shows US dollars by default, and another currency at the operator’s rate', () => {
    expect(formatMoney(1.5)).toBe('$1.50');
    expect(formatMoney(1.5, { currency: 'CNY', rate: 7.2 })).toBe('¥10.80');
    expect(formatMoney(2, { currency: 'CHF', rate: 0.9 }, { minDigits: 3 })).toBe('CHF 1.800');
  });

  it('gives cheap prices the digits they need, and no noise', () => {
    expect(formatPrice(3)).toBe('$3.00');
    expect(formatPrice(0.075)).toBe('$0.075');
    expect(formatPrice(0.0375)).toBe('$0.0375');
    expect(formatPrice(2.125)).toBe('$2.125');
    expect(formatPrice(0.3 * 0.1)).toBe('$0.03');
    expect(formatPrice(0.000_5)).toBe('$0.0005');
    expect(formatPrice(2.4, { currency: 'CNY', rate: 7 })).toBe('¥16.80');
  });

  it('reads the currency from the stored status, falling back to dollars on a missing or bad rate', () => {
    expect(readCurrency()).toEqual({ currency: 'USD', rate: 1 });
    localStorage.setItem(STORAGE_KEYS.status, JSON.stringify({ display_currency: 'CNY', currency_exchange_rate: 7.1 }));
    expect(readCurrency()).toEqual({ currency: 'CNY', rate: 7.1 });
    localStorage.setItem(STORAGE_KEYS.status, JSON.stringify({ display_currency: 'CNY', currency_exchange_rate: 0 }));
    expect(readCurrency()).toEqual({ currency: 'USD', rate: 1 });
  });
});

describe('the one rule for every amount', () => {
  const both = ['en', 'zh-CN'];

  it('writes zero with two decimals, never a sign', () => {
    for (const locale of both) {
      expect(formatMoney(0, USD_, { locale })).toBe('$0.00');
      expect(formatMoney(-0, USD_, { locale })).toBe('$0.00');
      expect(formatAmount(-0.000_000_1, 'USD', { exactDigits: 2, locale })).toBe('$0.00');
    }
  });

  it('never hides a non-zero amount: past two decimals it keeps two significant digits', () => {
    expect(formatMoney(0.003)).toBe('$0.003');
    expect(formatMoney(0.000_002)).toBe('$0.000002');
    expect(formatMoney(0.000_022_4)).toBe('$0.000022');
    expect(formatMoney(0.004_56)).toBe('$0.0046');
    expect(formatMoney(1e-12)).toBe('$0.000000000001');
    expect(formatMoney(0.5)).toBe('$0.50');
    expect(formatMoney(0.125)).toBe('$0.13');
    // A list's quota in currency mode: one point at 500,000 a dollar.
    expect(formatMoney(1 / 500_000)).not.toMatch(/^\$0\.0+$/);
  });

  it('separates thousands in both languages', () => {
    for (const locale of both) {
      expect(formatMoney(1_000_000_000, USD_, { locale })).toBe('$1,000,000,000.00');
      expect(formatMoney(1234.5, { currency: 'CNY', rate: 7.2 }, { locale })).toBe('¥8,888.40');
    }
  });

  it('puts the minus of a debt before the symbol', () => {
    expect(formatMoney(-0.5)).toBe('-$0.50');
    expect(formatMoney(-1999.998, { currency: 'CNY', rate: 1 }, { locale: 'zh-CN' })).toBe('-¥2,000.00');
    expect(formatMoney(-0.000_2)).toBe('-$0.0002');
  });

  it('writes exactly the decimals a breakdown asks for', () => {
    expect(formatAmount(0.000_022, 'USD', { exactDigits: 7 })).toBe('$0.0000220');
    expect(formatAmount(12_345.6, 'CNY', { exactDigits: 3, locale: 'zh-CN' })).toBe('¥12,345.600');
  });

  it('follows the page language when none is given', () => {
    document.documentElement.lang = 'en';
    expect(formatMoney(1234)).toBe('$1,234.00');
    document.documentElement.lang = 'zh-CN';
    expect(formatMoney(1234)).toBe('$1,234.00');
  });
});

describe('the display currency of the options', () => {
  it('takes a currency code with a valid rate, else dollars, as the status gives them or the options hold them', () => {
    expect(currencyDisplay('CNY', 7.2)).toEqual({ currency: 'CNY', rate: 7.2 });
    expect(currencyDisplay('USD', 7.2)).toEqual({ currency: 'USD', rate: 1 });
    // An option that was never set reads as '' and a rate as NaN.
    expect(currencyDisplay(undefined, Number(undefined))).toEqual({ currency: 'USD', rate: 1 });
    expect(currencyDisplay('cny', 7.2)).toEqual({ currency: 'USD', rate: 1 });
  });

  it('writes the currency symbol, or the code when it has none', () => {
    expect(currencySymbol('CNY')).toBe('¥');
    expect(currencySymbol('USD')).toBe('$');
    expect(currencySymbol('CHF')).toBe('CHF');
  });
});
