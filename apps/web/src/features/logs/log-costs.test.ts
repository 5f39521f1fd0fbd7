import { describe, expect, it } from 'vitest';
import { costBreakdown } from './log-costs';

describe('costBreakdown', () => {
  const other = JSON.stringify({
    group_ratio: 0.5,
    tier: 200_000,
    costs: [
      { kind: 'input', tokens: 150_000, ratio: 3, quota: 225_000 },
      { kind: 'cache_read', tokens: 100_000, ratio: 0.3, quota: 15_000 },
      { kind: 'reasoning', tokens: 1000, ratio: 24, quota: 12_000 },
      { kind: 'audio', tokens: 5, ratio: 1, quota: 5 },
      'not a line',
      { kind: 'output', tokens: -1, ratio: 9, quota: 9000 },
    ],
  });

  it('shows each kind’s tokens, its price per million and its cost in money, with the group ratio and tier', () => {
    expect(costBreakdown(other, 500_000)).toEqual({
      groupRatio: 0.5,
      tier: 200_000,
      lines: [
        { kind: 'input', tokens: 150_000, price: '$6.00', cost: '$0.450000' },
        { kind: 'cache_read', tokens: 100_000, price: '$0.60', cost: '$0.030000' },
        { kind: 'reasoning', tokens: 1000, price: '$48.00', cost: '$0.024000' },
      ],
    });
  });

  it('shows a request priced per call at its price per request', () => {
    const perCall = JSON.stringify({ group_ratio: 0.5, costs: [{ kind: 'request', tokens: 1, ratio: 20_000, quota: 10_000 }] });
    expect(costBreakdown(perCall, 500_000)?.lines).toEqual([{ kind: 'request', tokens: 1, price: '$0.04', cost: '$0.020000' }]);
  });

  it('converts to the display currency, and shows nothing for rows without a breakdown', () => {
    expect(costBreakdown(other, 500_000, { currency: 'CNY', rate: 7 })?.lines[0]).toMatchObject({ price: '¥42.00', cost: '¥3.150000' });
    for (const row of ['', null, '{"costs":"x"}', '{"model_ratio":1}']) expect(costBreakdown(row, 500_000)).toBeUndefined();
  });
});
