import { describe, expect, it } from 'vitest';
import { DEFAULT_COMPLETION_RATIO, DEFAULT_MODEL_RATIO, defaultPriceListOf } from './default-ratios.js';

// Which models the table prices, and that the price source and it together price every default model, is
// the server's to prove (apps/server/src/relay/billing/built-in-price.test.ts): the source lives there.
describe("Tollgate's own price table", () => {
  it('hold no negative or non-finite ratio', () => {
    for (const table of [DEFAULT_MODEL_RATIO, DEFAULT_COMPLETION_RATIO]) {
      expect(Object.entries(table).filter(([, ratio]) => !Number.isFinite(ratio) || ratio < 0)).toEqual([]);
    }
  });

  it('say which list priced a model, and when it was taken', () => {
    expect(defaultPriceListOf('glm-4.6')).toEqual({ vendor: 'Zhipu AI', takenAt: expect.stringMatching(/^\d{4}-\d\d-\d\d$/) });
    expect(defaultPriceListOf('ERNIE-4.0-8K')?.vendor).toBe('one-api');
    expect(defaultPriceListOf('no-such-model')).toBeUndefined();
  });
});
