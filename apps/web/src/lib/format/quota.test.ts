import { STORAGE_KEYS } from '@tollgate/contract';
import { describe, expect, it } from 'vitest';
import { formatCount, formatQuota, readQuotaDisplay, renderQuota } from './quota';

const counts = { displayInCurrency: false, quotaPerUnit: 500000 };
const dollars = { displayInCurrency: true, quotaPerUnit: 500000 };

describe('formatCount', () => {
  it('keeps numbers under 10 thousand as they are', () => {
    expect(formatCount(0)).toBe('0');
    expect(formatCount(9999)).toBe('9999');
  });

  it('abbreviates k from 10 thousand, then M and B, with one decimal', () => {
    expect(formatCount(10000)).toBe('10.0k');
    expect(formatCount(123456)).toBe('123.5k');
    expect(formatCount(2500000)).toBe('2.5M');
    expect(formatCount(3210000000)).toBe('3.2B');
  });
});

describe('formatQuota', () => {
  it('shows dollars with 2 decimals in currency mode', () => {
    expect(formatQuota(500000, dollars)).toBe('$1.00');
    expect(formatQuota(1234567, dollars)).toBe('$2.47');
  });

  it('never rounds a small quota to $0.00, and separates thousands of a large one', () => {
    expect(formatQuota(1500, dollars)).toBe('$0.003');
    expect(formatQuota(1, dollars)).toBe('$0.000002');
    expect(formatQuota(0, dollars)).toBe('$0.00');
    expect(formatQuota(-999, dollars)).toBe('-$0.002');
    expect(formatQuota(500_000 * 1_000_000_000, dollars)).toBe('$1,000,000,000.00');
  });

  it('takes a digits parameter (logs use 6)', () => {
    expect(formatQuota(1, dollars, 6)).toBe('$0.000002');
  });

  it('abbreviates counts outside currency mode', () => {
    expect(formatQuota(500000, counts)).toBe('500.0k');
  });
});

describe('renderQuota', () => {
  it('reads the display settings the status call stored', () => {
    localStorage.setItem(STORAGE_KEYS.displayInCurrency, 'true');
    localStorage.setItem(STORAGE_KEYS.quotaPerUnit, '500000');
    expect(renderQuota(250000)).toBe('$0.50');
    localStorage.setItem(STORAGE_KEYS.displayInCurrency, 'false');
    expect(renderQuota(250000)).toBe('250.0k');
  });

  it('falls back to counts and a unit of 1 before any status was stored', () => {
    expect(readQuotaDisplay()).toEqual({ displayInCurrency: false, quotaPerUnit: 1, currency: { currency: 'USD', rate: 1 } });
  });

  it('shows quota in the operator’s display currency at its exchange rate', () => {
    localStorage.setItem(STORAGE_KEYS.displayInCurrency, 'true');
    localStorage.setItem(STORAGE_KEYS.quotaPerUnit, '500000');
    localStorage.setItem(STORAGE_KEYS.status, JSON.stringify({ display_currency: 'CNY', currency_exchange_rate: 7.2 }));
    expect(renderQuota(250000)).toBe('¥3.60');
    expect(renderQuota(1, 6)).toBe('¥0.000014');
  });
});
