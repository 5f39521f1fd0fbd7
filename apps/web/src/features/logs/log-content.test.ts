import { describe, expect, it } from 'vitest';
import { displayContent } from './log-content';

const USD = { currency: 'USD', rate: 1 };
const CNY = { currency: 'CNY', rate: 7.2 };

describe('displayContent', () => {
  it('shows the dollar amounts of log text in the display currency', () => {
    expect(displayContent('new user gift: $1.000000 quota', CNY)).toBe('new user gift: ¥7.200000 quota');
    // one-api's own rows write a full-width dollar sign.
    expect(displayContent('通过兑换码充值 ＄0.500000 额度', CNY)).toBe('通过兑换码充值 ¥3.600000 额度');
    expect(displayContent('administrator root changed the quota from $-0.001998 quota to $2000.000000 quota', CNY)).toBe(
      'administrator root changed the quota from -¥0.014386 quota to ¥14,400.000000 quota',
    );
  });

  it('leaves dollars as they were written, only with the money rule’s separators', () => {
    expect(displayContent('top-up via API: $1.000000 quota', USD)).toBe('top-up via API: $1.000000 quota');
    expect(displayContent('top-up via API: $1234.5 quota', USD)).toBe('top-up via API: $1,234.500000 quota');
  });

  it('leaves text without an amount alone', () => {
    for (const text of ['model ratio 0.075, group ratio 1.00', 'price in $ per call', 'US$', '']) expect(displayContent(text, CNY)).toBe(text);
  });
});
