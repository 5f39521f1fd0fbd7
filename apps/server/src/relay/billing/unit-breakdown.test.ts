import { describe, expect, it } from 'vitest';
import type { Price } from './pricing.js';
import { perUnitCharge } from './unit-breakdown.js';

const priced = (modelRatio: number, groupRatio: number): Price => ({ modelRatio, groupRatio, completionRatio: 1 });

describe('perUnitCharge', () => {
  it('charges units at the model and group ratios, rounded up once, with one line saying so', () => {
    expect(perUnitCharge('character', 11, priced(7.5, 1), 'text')).toEqual({
      quota: 83,
      breakdown: { ratioText: 'text', costs: [{ kind: 'character', tokens: 11, ratio: 7.5, quota: 82.5 }] },
    });
    expect(perUnitCharge('transcript', 0, priced(15, 1), 'text').quota).toBe(0);
  });

  it('gives a line whose quota rounds up to the charge, binary noise included', () => {
    // 3 x 0.1 x 1 is 0.30000000000000004 in binary: a whole point is not added for the noise.
    expect(perUnitCharge('transcript', 10, priced(0.1, 3), 'text').quota).toBe(3);
    for (const units of [1, 3, 7, 11, 38, 999, 4096])
      for (const ratio of [0.1, 0.3, 1.1, 7.5, 15, 0.000_7])
        for (const group of [0.1, 0.37, 0.7, 1, 1.2, 3]) {
          const { quota, breakdown } = perUnitCharge('character', units, priced(ratio, group), '');
          const sum = breakdown.costs.reduce((total, line) => total + line.quota, 0);
          expect({ units, ratio, group, rounded: Math.ceil(sum) }).toEqual({ units, ratio, group, rounded: quota });
          expect(Math.abs(sum - units * ratio * group)).toBeLessThan(1e-6);
        }
  });
});
