import { describe, expect, it } from 'vitest';
import { defaultModels } from './channel-types.js';
import { DEFAULT_COMPLETION_RATIO, DEFAULT_MODEL_RATIO } from './default-ratios.js';

/** The vendors whose models users call most: every model their channel form offers must have a price. */
const PRICED_TYPES = { OpenAI: 1, Anthropic: 14, Gemini: 24, xAI: 45 };

describe('the built-in prices', () => {
  it.each(Object.entries(PRICED_TYPES))('price every default model of %s', (_name, type) => {
    const unpriced = defaultModels(type).filter((model) => DEFAULT_MODEL_RATIO[model] === undefined && DEFAULT_MODEL_RATIO[`${model}(${type})`] === undefined);
    expect(unpriced).toEqual([]);
  });

  it('price the current generation at the published rates (ratio 1 = $2 per 1M input tokens)', () => {
    expect(DEFAULT_MODEL_RATIO['gpt-5']).toBe(0.625);
    expect(DEFAULT_COMPLETION_RATIO['gpt-5']).toBe(8);
    expect(DEFAULT_MODEL_RATIO['claude-sonnet-4-5-20250929']).toBe(1.5);
    expect(DEFAULT_COMPLETION_RATIO['claude-sonnet-4-5-20250929']).toBe(5);
    expect(DEFAULT_MODEL_RATIO['gemini-2.5-pro']).toBe(0.625);
    // Moderation is free at OpenAI: it must be priced (not refused), at nothing.
    expect(DEFAULT_MODEL_RATIO['omni-moderation-latest']).toBe(0);
  });

  it('hold no negative or non-finite ratio', () => {
    for (const table of [DEFAULT_MODEL_RATIO, DEFAULT_COMPLETION_RATIO]) {
      expect(Object.entries(table).filter(([, ratio]) => !Number.isFinite(ratio) || ratio < 0)).toEqual([]);
    }
  });
});
