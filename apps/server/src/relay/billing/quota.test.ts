import { describe, expect, it } from 'vitest';
import { inferredCompletionRatio } from './completion-ratio.js';
import { preConsumeQuota, textQuota } from './quota.js';

describe('quota formulas (reference 1.8)', () => {
  it('prices gpt-4o at $2.5/M in and $10/M out: 1000 + 1000 tokens cost 12500', () => {
    expect(textQuota({ promptTokens: 1000, completionTokens: 1000 }, { modelRatio: 2.5, completionRatio: 4, groupRatio: 1 })).toBe(12500);
  });

  it('rounds up, charges at least 1 for any use at a non-zero price, and 0 for no use', () => {
    expect(textQuota({ promptTokens: 1, completionTokens: 0 }, { modelRatio: 0.075, completionRatio: 4, groupRatio: 1 })).toBe(1);
    expect(textQuota({ promptTokens: 10, completionTokens: 5 }, { modelRatio: 0.075, completionRatio: 4, groupRatio: 1 })).toBe(3);
    expect(textQuota({ promptTokens: 0, completionTokens: 0 }, { modelRatio: 15, completionRatio: 2, groupRatio: 1 })).toBe(0);
    expect(textQuota({ promptTokens: 100, completionTokens: 0 }, { modelRatio: 0, completionRatio: 1, groupRatio: 1 })).toBe(0);
  });

  it('applies the group ratio', () => {
    expect(textQuota({ promptTokens: 100, completionTokens: 100 }, { modelRatio: 1, completionRatio: 2, groupRatio: 1.5 })).toBe(450);
  });

  it('reserves (PreConsumedQuota + prompt + max_tokens) x ratios', () => {
    expect(preConsumeQuota(500, 100, 400, { modelRatio: 2.5, completionRatio: 4, groupRatio: 2 })).toBe(5000);
  });

  it('takes the kinds priced apart out of their count and charges each at its own ratio', () => {
    const price = { modelRatio: 2, completionRatio: 5, groupRatio: 1, cacheReadRatio: 0.1, cacheWriteRatio: 1.25, reasoningRatio: 8 };
    // (100 + 1000 x 0.1 + 200 x 1.25) + (50 x 5 + 30 x 8) = 450 + 490, x 2.
    expect(textQuota({ promptTokens: 1300, completionTokens: 80, cacheReadTokens: 1000, cacheWriteTokens: 200, reasoningTokens: 30 }, price)).toBe(1880);
    // Without a reasoning ratio reasoning costs the completion price; kinds never exceed their count.
    expect(textQuota({ promptTokens: 10, completionTokens: 10, cacheReadTokens: 50, reasoningTokens: 50 }, { modelRatio: 1, completionRatio: 2, groupRatio: 1, cacheReadRatio: 0.5 })).toBe(25);
  });

  it.each([
    ['gpt-3.5-turbo', 3],
    ['gpt-3.5-turbo-1106', 2],
    ['gpt-3.5-turbo-0613', 4 / 3],
    ['gpt-4o', 4],
    ['gpt-4o-2024-05-13', 3],
    ['gpt-4-turbo', 3],
    ['gpt-4', 2],
    ['o1-mini', 4],
    ['claude-3-opus-20240229', 5],
    ['claude-2.1', 3],
    ['gemini-1.5-pro', 3],
    ['deepseek-chat', 2],
    ['command-r-plus', 5],
    ['some-other-model', 1],
  ])('infers the completion ratio of %s as %d', (model, ratio) => {
    expect(inferredCompletionRatio(model)).toBeCloseTo(ratio, 10);
  });
});
