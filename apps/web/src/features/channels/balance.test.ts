import { describe, expect, it } from 'vitest';
import { formatBalance, hasBalance } from './balance';

describe('formatBalance', () => {
  it('shows OpenAI and custom channels in dollars', () => {
    expect(formatBalance(1, 12.345)).toBe('$12.35');
    expect(formatBalance(8, 0)).toBe('$0.00');
  });

  it('shows CloseAI, API2GPT, DeepSeek and SiliconFlow in yuan', () => {
    for (const type of [4, 12, 36, 44]) expect(formatBalance(type, 3.5)).toBe('¥3.50');
  });

  it('shows OpenAI-SB in yuan divided by 10000', () => {
    expect(formatBalance(5, 123456)).toBe('¥12.35');
  });

  it('shows AI Proxy and AIGC2D in the quota count format', () => {
    expect(formatBalance(10, 1234)).toBe('1234');
    expect(formatBalance(13, 25000)).toBe('25.0k');
  });

  it('reports every other type as unsupported', () => {
    for (const type of [3, 14, 24, 33, 43]) expect(formatBalance(type, 10)).toBeUndefined();
    expect(hasBalance(1)).toBe(true);
    expect(hasBalance(14)).toBe(false);
  });
});
