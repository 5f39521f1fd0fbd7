import { logPhrase, type LogCostKind, type LogOther } from '@tollgate/contract';
import { clean, textCosts } from './billing/price-tier.js';
import type { Price } from './billing/pricing.js';
import type { ConsumeFacts } from './settle.js';
import { ratioInText } from './billing/ratio-text.js';

/** The breakdown the console's log detail shows (the contract's LogOther). */
export function logOther(facts: ConsumeFacts): LogOther {
  const { price, usage } = facts;
  const other: LogOther = { protocol: facts.protocol, model_ratio: price.modelRatio, group_ratio: price.groupRatio };
  if (price.origin) other.price_origin = price.origin;
  if (facts.passthrough) other.passthrough = true;
  if (facts.cacheHit) other.cache_hit = true;
  if (facts.interrupted) other.interrupted = facts.interrupted;
  if (facts.leftOut) other.dropped = [...facts.leftOut];
  if (facts.fallback) other.fallback = [...facts.fallback];
  if (price.perRequest !== undefined) {
    // A request that counts as several calls (a rerank's search units) says how many in its own line.
    const calls = facts.breakdown?.costs[0]?.kind === 'request' ? facts.breakdown.costs : undefined;
    other.costs = calls ?? [{ kind: 'request', tokens: 1, ratio: clean(price.perRequest), quota: clean(price.perRequest * price.groupRatio) }];
    return other;
  }
  if (facts.breakdown) {
    Object.assign(other, facts.breakdown.details);
    other.costs = facts.breakdown.costs;
    return other;
  }
  other.completion_ratio = price.completionRatio;
  if (usage.cacheReadTokens) Object.assign(other, { cache_read_tokens: usage.cacheReadTokens, cache_read_ratio: price.cacheReadRatio ?? 1 });
  if (usage.cacheWriteTokens) Object.assign(other, { cache_write_tokens: usage.cacheWriteTokens, cache_write_ratio: price.cacheWriteRatio ?? 1 });
  if (usage.reasoningTokens) Object.assign(other, { reasoning_tokens: usage.reasoningTokens, reasoning_ratio: price.reasoningRatio ?? price.completionRatio });
  if (price.tier !== undefined) other.tier = price.tier;
  other.costs = textCosts(usage, price);
  return other;
}

/**
 * `JSON.stringify(logOther(facts))`, the same text, written from the parts of a price that it shares with
 * every request of that price. The ratios' decimals are most of what stringifying costs (each fraction is
 * turned into its shortest digits), and the consume log is written on every request: a price's ratios are
 * written once, only the request's own numbers each time. Requests priced per call or per image and
 * anything not finite go the general way.
 */
export function logOtherJson(facts: ConsumeFacts): string {
  const { price, usage } = facts;
  if (price.perRequest !== undefined || facts.breakdown || facts.fallback) return JSON.stringify(logOther(facts));
  const texts = priceTexts(price);
  let json = `{"protocol":${JSON.stringify(facts.protocol)},${texts.ratios}`;
  if (facts.passthrough) json += ',"passthrough":true';
  if (facts.cacheHit) json += ',"cache_hit":true';
  if (facts.interrupted) json += `,"interrupted":"${facts.interrupted}"`;
  if (facts.leftOut) json += `,"dropped":${JSON.stringify(facts.leftOut)}`;
  json += texts.completion;
  if (usage.cacheReadTokens) json += `,"cache_read_tokens":${JSON.stringify(usage.cacheReadTokens)}${texts.cacheRead}`;
  if (usage.cacheWriteTokens) json += `,"cache_write_tokens":${JSON.stringify(usage.cacheWriteTokens)}${texts.cacheWrite}`;
  if (usage.reasoningTokens) json += `,"reasoning_tokens":${JSON.stringify(usage.reasoningTokens)}${texts.reasoning}`;
  if (price.tier !== undefined) json += `,"tier":${JSON.stringify(price.tier)}`;
  json += ',"costs":[';
  const costs = textCosts(usage, price);
  for (let i = 0; i < costs.length; i += 1) {
    const { kind, tokens, ratio, quota } = costs[i]!;
    if (!Number.isFinite(tokens) || !Number.isFinite(ratio) || !Number.isFinite(quota)) return JSON.stringify(logOther(facts));
    // A kind's ratio is the price's (textCosts keeps it per price), so its text is too.
    json += `${i === 0 ? '' : ','}{"kind":"${kind}","tokens":${tokens},"ratio":${(texts.costRatios[kind] ??= String(ratio))},"quota":${quota}}`;
  }
  return `${json}]}`;
}

/**
 * A price's ratios as the consume log writes them, worked out once per price (prices are shared until the
 * options change): one-api's summary for the log's content, and logOther's JSON, each part after its comma.
 */
interface PriceTexts {
  summary: string;
  ratios: string;
  completion: string;
  cacheRead: string;
  cacheWrite: string;
  reasoning: string;
  /** Each kind's cost line ratio, once written. */
  costRatios: Partial<Record<LogCostKind, string>>;
}

const PRICE_TEXTS = new WeakMap<Price, PriceTexts>();

export function priceTexts(price: Price): PriceTexts {
  let texts = PRICE_TEXTS.get(price);
  if (!texts) {
    const number = (value: number) => JSON.stringify(value);
    texts = {
      summary: logPhrase('ratios', { model: ratioInText(price.modelRatio), group: ratioInText(price.groupRatio), completion: ratioInText(price.completionRatio) }),
      ratios: `"model_ratio":${number(price.modelRatio)},"group_ratio":${number(price.groupRatio)}${price.origin ? `,"price_origin":${JSON.stringify(price.origin)}` : ''}`,
      completion: `,"completion_ratio":${number(price.completionRatio)}`,
      cacheRead: `,"cache_read_ratio":${number(price.cacheReadRatio ?? 1)}`,
      cacheWrite: `,"cache_write_ratio":${number(price.cacheWriteRatio ?? 1)}`,
      reasoning: `,"reasoning_ratio":${number(price.reasoningRatio ?? price.completionRatio)}`,
      costRatios: {},
    };
    PRICE_TEXTS.set(price, texts);
  }
  return texts;
}
