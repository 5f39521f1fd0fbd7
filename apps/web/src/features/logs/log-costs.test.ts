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

  it('prices images each, speech per million characters and a transcript per million tokens, with the image size', () => {
    const image = JSON.stringify({ group_ratio: 1, image_size: '1024x1792', image_quality: 'hd', size_ratio: 3, costs: [{ kind: 'image', tokens: 1, ratio: 60_000, quota: 60_000 }] });
    expect(costBreakdown(image, 500_000)).toEqual({ groupRatio: 1, image: { size: '1024x1792', quality: 'hd', sizeRatio: 3 }, lines: [{ kind: 'image', tokens: 1, price: '$0.12', cost: '$0.120000' }] });
    const speech = JSON.stringify({ costs: [{ kind: 'character', tokens: 11, ratio: 7.5, quota: 82.5 }] });
    expect(costBreakdown(speech, 500_000)?.lines).toEqual([{ kind: 'character', tokens: 11, price: '$15.00', cost: '$0.000165' }]);
    const transcript = JSON.stringify({ costs: [{ kind: 'transcript', tokens: 4, ratio: 15, quota: 60 }] });
    expect(costBreakdown(transcript, 500_000)?.lines).toEqual([{ kind: 'transcript', tokens: 4, price: '$30.00', cost: '$0.000120' }]);
    // A size without its ratio is not shown.
    expect(costBreakdown(JSON.stringify({ image_size: '512x512', costs: [] }), 500_000)?.image).toBeUndefined();
  });

  it('says where the price came from, and ignores an origin this console does not know', () => {
    const sourced = JSON.stringify({ price_origin: { kind: 'source', name: 'genai-prices 0.1.8', date: '2026-09-23' }, costs: [] });
    expect(costBreakdown(sourced, 500_000)?.origin).toEqual({ kind: 'source', name: 'genai-prices 0.1.8', date: '2026-09-23' });
    expect(costBreakdown(JSON.stringify({ price_origin: { kind: 'operator' }, costs: [] }), 500_000)?.origin).toEqual({ kind: 'operator' });
    expect(costBreakdown(JSON.stringify({ price_origin: { kind: 'oracle', name: 5 }, costs: [] }), 500_000)?.origin).toBeUndefined();
  });

  it('converts to the display currency, and shows nothing for rows without a breakdown', () => {
    expect(costBreakdown(other, 500_000, { currency: 'CNY', rate: 7 })?.lines[0]).toMatchObject({ price: '¥42.00', cost: '¥3.150000' });
    for (const row of ['', null, '{"costs":"x"}', '{"model_ratio":1}']) expect(costBreakdown(row, 500_000)).toBeUndefined();
  });
});
