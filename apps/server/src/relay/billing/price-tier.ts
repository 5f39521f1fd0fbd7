import { tierFor, type LogCost, type LogCostKind } from '@tollgate/contract';
import type { Price } from './pricing.js';
import type { Usage } from './quota.js';
import { eachUsagePart } from './usage-split.js';

/**
 * The price of a request of this many prompt tokens: the model's, or its long-context tier's when the prompt
 * passes one (ModelPriceTiers). A tier's prices are absolute; the charge works on ratios relative to the
 * input price, so they are turned into those, and a kind the tier leaves out keeps its usual proportion.
 */
export function priceAt(price: Price, promptTokens: number): Price {
  const tier = tierFor(price.tiers, promptTokens);
  if (!tier) return price;
  const relative = (absolute: number | undefined, usual: number | undefined) => (absolute === undefined ? usual : absolute / tier.input);
  const tiered: Price = {
    modelRatio: tier.input,
    completionRatio: relative(tier.output, price.completionRatio) ?? price.completionRatio,
    groupRatio: price.groupRatio,
    cacheReadRatio: relative(tier.cache_read, price.cacheReadRatio),
    cacheWriteRatio: relative(tier.cache_write, price.cacheWriteRatio),
    tier: tier.above_prompt_tokens,
  };
  const reasoning = relative(tier.reasoning, price.reasoningRatio);
  if (reasoning !== undefined) tiered.reasoningRatio = reasoning;
  // Audio keeps its proportion to the tier's input and output.
  if (price.audioInputRatio !== undefined) tiered.audioInputRatio = price.audioInputRatio;
  if (price.audioOutputRatio !== undefined) tiered.audioOutputRatio = price.audioOutputRatio;
  return tiered;
}

/** The usage split by kind of token, each at its own price: the consume log's cost breakdown. */
export function textCosts(usage: Usage, price: Price): LogCost[] {
  const costs: LogCost[] = [];
  const ratios = kindRatios(price);
  eachUsagePart(usage, price, (kind, tokens, relative) => {
    if (tokens <= 0 && kind !== 'input') return;
    const ratio = (ratios[kind] ??= clean(price.modelRatio * relative));
    costs.push({ kind, tokens, ratio, quota: clean(tokens * ratio * price.groupRatio) });
  });
  return costs;
}

/** Each kind's ratio, cleaned once per price (prices are shared until the options change): toPrecision is not cheap. */
const KIND_RATIOS = new WeakMap<Price, Partial<Record<LogCostKind, number>>>();
function kindRatios(price: Price): Partial<Record<LogCostKind, number>> {
  let ratios = KIND_RATIOS.get(price);
  if (!ratios) KIND_RATIOS.set(price, (ratios = {}));
  return ratios;
}

/** Products of decimal ratios carry binary noise (0.1 x 3 = 0.30000000000000004); twelve digits are plenty. */
export const cleanByText = (n: number): number => Number(n.toPrecision(12));

/** 10^-22 to 10^22, each the double nearest to it (exact from 10^0 up). */
const POWERS_OF_TEN = Array.from({ length: 45 }, (_, i) => Number(`1e${i - 22}`));
const tenTo = (exponent: number) => POWERS_OF_TEN[exponent + 22] ?? Number.NaN;

/**
 * `cleanByText`, the same number, by arithmetic: every request's cost lines are cleaned, and formatting a
 * number to twelve digits and parsing it back cost a request more than a microsecond. The number is scaled
 * to twelve digits before the point and rounded; an integer divided by an exact power of ten is the double
 * nearest to that decimal, as parsing the text gives. A number whose thirteenth digit is too close to a tie
 * for the scaling's error, or out of the table's range, is cleaned by text (tested against it over millions
 * of numbers).
 */
export function clean(n: number): number {
  if (n === 0) return 0;
  if (Number.isInteger(n) && Math.abs(n) < 1e12) return n;
  const size = Math.abs(n);
  let shift = 11 - Math.floor(Math.log10(size));
  let scaled = size * tenTo(shift);
  // log10 can be one off next to a power of ten: bring the scaled number to twelve digits before the point.
  if (scaled >= 1e12 - 0.5) scaled = size * tenTo((shift -= 1));
  else if (scaled < 1e11 - 0.5) scaled = size * tenTo((shift += 1));
  if (!Number.isFinite(scaled) || shift < -22 || shift > 22 || Math.abs(scaled - Math.floor(scaled) - 0.5) < 1e-3) return cleanByText(n);
  const digits = Math.round(scaled);
  const cleaned = shift >= 0 ? digits / tenTo(shift) : digits * tenTo(-shift);
  return n < 0 ? -cleaned : cleaned;
}
