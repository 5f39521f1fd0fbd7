import { STORAGE_KEYS } from '@tollgate/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { currencyDisplay, currencySymbol, formatMoney, formatPrice, readCurrency } from './money';

afterEach(() => localStorage.clear());

describe('money', () => {
  it('shows US dollars by default, and another currency at the operator’s rate', () => {
    expect(formatMoney(1.5)).toBe('$1.50');
    expect(formatMoney(1.5, { currency: 'CNY', rate: 7.2 })).toBe('¥10.80');
    expect(formatMoney(2, { currency: 'CHF', rate: 0.9 }, 3)).toBe('CHF 1.800');
  });

  it('gives cheap prices the digits they need, and no noise', () => {
    expect(formatPrice(3)).toBe('$3.00');
    expect(formatPrice(0.075)).toBe('$0.0750');
    expect(formatPrice(0.3 * 0.1)).toBe('$0.03');
    expect(formatPrice(0.000_5)).toBe('$0.000500');
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
