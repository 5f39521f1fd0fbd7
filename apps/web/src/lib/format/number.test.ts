import { afterEach, describe, expect, it } from 'vitest';
import { formatNumber } from './number';

describe('formatNumber', () => {
  afterEach(() => document.documentElement.removeAttribute('lang'));

  it('groups thousands in the console language, not the browser locale', () => {
    document.documentElement.lang = 'en';
    expect(formatNumber(1234567)).toBe('1,234,567');
    document.documentElement.lang = 'zh-CN';
    expect(formatNumber(1234567)).toBe('1,234,567');
    expect(formatNumber(1234567, 'de')).toBe('1.234.567');
  });

  it('writes small and zero counts as they are, and rounds what is not whole', () => {
    expect(formatNumber(0, 'en')).toBe('0');
    expect(formatNumber(999, 'en')).toBe('999');
    expect(formatNumber(12.6, 'en')).toBe('13');
  });
});
