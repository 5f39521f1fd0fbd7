import { describe, expect, it } from 'vitest';
import { USD } from '@/lib/format/money';
import { shownPrice, usdOfShownPrice } from './price-currency';

const CNY = { currency: 'CNY', rate: 7.2 };

describe('prices in the display currency', () => {
  it('shows dollars times the rate, without the noise of the conversion', () => {
    expect(shownPrice(3, CNY)).toBe(21.6);
    expect(shownPrice(3, USD)).toBe(3);
    // What a ratio stored to twelve digits gives back for a typed ¥10: not 9.99999999999.
    expect(shownPrice(0.694444444444 * 2, CNY)).toBe(10);
    expect(shownPrice(0.1 * 3, USD)).toBe(0.3);
  });

  it('turns a typed price into dollars at the rate, and keeps the stored price when it was left as shown', () => {
    expect(usdOfShownPrice(21.6, CNY, undefined)).toBeCloseTo(3, 12);
    expect(usdOfShownPrice(36, CNY, 3)).toBe(5);
    // Shown as 10, stored as 1.388888888888: saving 10 unchanged keeps the stored figure to the last digit.
    expect(usdOfShownPrice(10, CNY, 1.388888888888)).toBe(1.388888888888);
    expect(usdOfShownPrice(10, CNY, 1.4)).toBeCloseTo(10 / 7.2, 12);
  });
});
