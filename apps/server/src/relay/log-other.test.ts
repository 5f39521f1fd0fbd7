import { CLIENT_PROTOCOLS } from '@tollgate/contract';
import { describe, expect, it } from 'vitest';
import type { Price } from './billing/pricing.js';
import type { Usage } from './billing/quota.js';
import { logOther, logOtherJson } from './log-other.js';
import type { ConsumeFacts } from './settle.js';

/** The facts a consume log is written from; only what logOther reads matters here. */
const facts = (price: Price, usage: Usage, more: Partial<ConsumeFacts> = {}): ConsumeFacts =>
  ({ price, usage, protocol: 'openai', passthrough: false, quota: 0, ...more }) as ConsumeFacts;

const PRICES: Price[] = [
  { modelRatio: 0.075, completionRatio: 4, groupRatio: 1 },
  { modelRatio: 15, completionRatio: 1.3333333333333333, groupRatio: 0.7 },
  { modelRatio: 1.5, completionRatio: 4, groupRatio: 1.1, cacheReadRatio: 0.1, cacheWriteRatio: 1.25, reasoningRatio: 3 },
  { modelRatio: 0.000001, completionRatio: 2, groupRatio: 1e21, tier: 200_000 },
  { modelRatio: 0, completionRatio: 0, groupRatio: 0 },
  { modelRatio: 2, completionRatio: 4, groupRatio: 1, audioInputRatio: 8, audioOutputRatio: 16 },
];
const USAGES: Usage[] = [
  { promptTokens: 12, completionTokens: 9 },
  { promptTokens: 0, completionTokens: 0 },
  { promptTokens: 1000, completionTokens: 500, cacheReadTokens: 600, cacheWriteTokens: 100, reasoningTokens: 200 },
  { promptTokens: 7, completionTokens: 3, cacheReadTokens: 50, reasoningTokens: 9 },
  { promptTokens: 123_456_789, completionTokens: 98_765, audioInputTokens: 40, audioOutputTokens: 30 },
];

describe('the consume log’s breakdown as JSON', () => {
  it('is the text JSON.stringify writes of logOther, for every shape of a token-priced request', () => {
    for (const price of PRICES)
      for (const usage of USAGES)
        for (const protocol of CLIENT_PROTOCOLS)
          for (const more of [{}, { passthrough: true }, { interrupted: 'upstream' as const }, { passthrough: true, interrupted: 'client' as const }]) {
            const request = facts(Object.freeze({ ...price }), usage, { protocol, ...more });
            expect(logOtherJson(request)).toBe(JSON.stringify(logOther(request)));
            // Twice: the second is written from what the first kept of the price.
            expect(logOtherJson(request)).toBe(JSON.stringify(logOther(request)));
          }
  });

  it('writes requests priced per call or per image, and numbers that are not finite, the general way', () => {
    const perCall = facts({ modelRatio: 1, completionRatio: 1, groupRatio: 0.5, perRequest: 0.3 }, { promptTokens: 1, completionTokens: 1 });
    expect(logOtherJson(perCall)).toBe(JSON.stringify(logOther(perCall)));
    const image = facts({ modelRatio: 20, completionRatio: 1, groupRatio: 1 }, { promptTokens: 0, completionTokens: 0 }, {
      breakdown: { ratioText: 'size 1024x1024', details: { image_size: '1024x1024', size_ratio: 1 }, costs: [{ kind: 'image', tokens: 1, ratio: 20, quota: 20 }] } as unknown as ConsumeFacts['breakdown'],
    });
    expect(logOtherJson(image)).toBe(JSON.stringify(logOther(image)));
    const infinite = facts({ modelRatio: Number.POSITIVE_INFINITY, completionRatio: 1, groupRatio: 1 }, { promptTokens: 3, completionTokens: 1, reasoningTokens: Number.POSITIVE_INFINITY });
    expect(logOtherJson(infinite)).toBe(JSON.stringify(logOther(infinite)));
    expect(() => JSON.parse(logOtherJson(infinite))).not.toThrow();
  });
});
