import type { TokenUsage } from '../../providers/token-usage.js';
import { priceAt } from './price-tier.js';
import type { Price } from './pricing.js';
import { eachUsagePart } from './usage-split.js';

export type Usage = TokenUsage;

/**
 * The charge of a text request: ceil((prompt + completion x completionRatio) x modelRatio x groupRatio) as
 * one-api's, except that the kinds of tokens priced apart are taken out of their count and charged at their
 * own ratio (cache reads and writes and audio out of the prompt, reasoning and audio out of the completion). At least 1 when
 * something was used at a non-zero price, 0 when nothing was used. `price` is the one the prompt's size
 * chose (priceAt: a long-context tier, if any).
 */
export function textQuota(usage: Usage, price: Price): number {
  if (usage.promptTokens + usage.completionTokens === 0) return 0;
  const ratio = price.modelRatio * price.groupRatio;
  // A tier's prices come back from relative ratios, and binary noise (1500.0000000000002) must not round a whole
  // point up: a part in 10^12 below is far above the noise and far below any real fraction of a point.
  const quota = Math.ceil(weightedTokens(usage, price) * ratio * (1 - 1e-12));
  return ratio !== 0 && quota <= 0 ? 1 : quota;
}

/** The usage in input-token equivalents. */
function weightedTokens(usage: Usage, price: Price): number {
  let weighted = 0;
  eachUsagePart(usage, price, (_kind, tokens, relative) => {
    weighted += tokens * relative;
  });
  return weighted;
}

/** What is reserved before the upstream answers: (PreConsumedQuota + prompt + max_tokens) x ratios. */
export function preConsumeQuota(preConsumed: number, promptTokens: number, maxTokens: number, price: Price): number {
  return Math.ceil((preConsumed + promptTokens + maxTokens) * priceAt(price, promptTokens).modelRatio * price.groupRatio);
}
