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

/** A seeded generator, so a failing case can be run again. */
function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A written amount as a whole number of its last decimal ("-¥1,234.0500" is -12340500n), and its decimals. */
function unitsOf(text: string): { units: bigint; digits: number } {
  const number = text.replace(/[^0-9.-]/g, '');
  const [whole = '', fraction = ''] = number.split('.');
  return { units: BigInt(whole.replace('-', '') + fraction) * (whole.startsWith('-') ? -1n : 1n), digits: fraction.length };
}

describe('the breakdown adds up to the charge', () => {
  it('writes a gpt-4o-mini call’s lines and rounding so that they make the charged amount', () => {
    // 14 prompt tokens at 0.075 and 31 completion tokens at 0.3: 10.35 points, charged 11.
    const other = JSON.stringify({ group_ratio: 1, costs: [{ kind: 'input', tokens: 14, ratio: 0.075, quota: 1.05 }, { kind: 'output', tokens: 31, ratio: 0.3, quota: 9.3 }] });
    const breakdown = costBreakdown(other, 500_000, undefined, 11)!;
    expect(breakdown.lines.map((line) => [line.price, line.cost])).toEqual([
      ['$0.15', '$0.0000021'],
      ['$0.60', '$0.0000186'],
    ]);
    expect(breakdown.total).toEqual({ rounding: '$0.0000013', charged: '$0.0000220' });
  });

  it('has no rounding line when the lines make the charge exactly, and no total without a charge', () => {
    const other = JSON.stringify({ costs: [{ kind: 'input', tokens: 1000, ratio: 1.5, quota: 1500 }] });
    expect(costBreakdown(other, 500_000, undefined, 1500)?.total).toEqual({ charged: '$0.003000' });
    expect(costBreakdown(other, 500_000)?.total).toBeUndefined();
  });

  it('over many random usages, prices, units and currencies: the lines as shown sum to the charge as shown, which is the charge', () => {
    const random = seeded(35);
    const kinds = ['input', 'output', 'cache_read', 'cache_write', 'reasoning', 'audio_input'] as const;
    for (let run = 0; run < 2000; run += 1) {
      const quotaPerUnit = [500_000, 1_000_000, 1, 7][Math.floor(random() * 4)]!;
      const currency = random() < 0.5 ? { currency: 'USD', rate: 1 } : { currency: 'CNY', rate: Math.round(random() * 80_000) / 10_000 + 0.0001 };
      const groupRatio = [1, 0.5, 0.9, 1.3][Math.floor(random() * 4)]!;
      const count = 1 + Math.floor(random() * kinds.length);
      const costs = kinds.slice(0, count).map((kind) => {
        const tokens = Math.floor(random() ** 3 * 2_000_000);
        const ratio = Math.round(random() ** 2 * 60 * 10_000) / 10_000;
        return { kind, tokens, ratio, quota: tokens * ratio * groupRatio };
      });
      const charged = Math.ceil(costs.reduce((sum, line) => sum + line.quota, 0) * (1 - 1e-12));
      const breakdown = costBreakdown(JSON.stringify({ group_ratio: groupRatio, costs }), quotaPerUnit, currency, charged)!;
      const shown = [...breakdown.lines.map((line) => line.cost), ...(breakdown.total?.rounding ? [breakdown.total.rounding] : [])].map(unitsOf);
      const total = unitsOf(breakdown.total!.charged);
      const context = JSON.stringify({ run, quotaPerUnit, currency, costs, charged, breakdown });
      expect(shown.every((part) => part.digits === total.digits), context).toBe(true);
      expect(shown.reduce((sum, part) => sum + part.units, 0n), context).toBe(total.units);
      // The charge as shown is the charge, to its last decimal.
      const truth = (charged / quotaPerUnit) * currency.rate;
      expect(Math.abs(Number(total.units) / 10 ** total.digits - truth), context).toBeLessThanOrEqual(0.5 / 10 ** total.digits + truth * 1e-12);
      // A line that cost something never reads as nothing.
      costs.forEach((line, i) => expect(line.quota === 0 || shown[i]!.units !== 0n, context).toBe(true));
    }
  });
});
