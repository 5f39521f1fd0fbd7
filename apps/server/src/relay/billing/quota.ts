import type { TokenUsage } from '../../providers/token-usage.js';
import type { Price } from './pricing.js';

export type Usage = TokenUsage;

/**
 * The charge of a text request: ceil((prompt + completion x completionRatio) x modelRatio x groupRatio),
 * at least 1 when something was used at a non-zero price, 0 when nothing was used.
 */
export function textQuota(usage: Usage, price: Price): number {
  if (usage.promptTokens + usage.completionTokens === 0) return 0;
  const ratio = price.modelRatio * price.groupRatio;
  const quota = Math.ceil((usage.promptTokens + usage.completionTokens * price.completionRatio) * ratio);
  return ratio !== 0 && quota <= 0 ? 1 : quota;
}

/** What is reserved before the upstream answers: (PreConsumedQuota + prompt + max_tokens) x ratios. */
export function preConsumeQuota(preConsumed: number, promptTokens: number, maxTokens: number, price: Price): number {
  return Math.ceil((preConsumed + promptTokens + maxTokens) * price.modelRatio * price.groupRatio);
}
