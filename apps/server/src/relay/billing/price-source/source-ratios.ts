import type { PriceTier } from '@tollgate/contract';
import type { SourceModelPrice } from './source-schema.js';

/** A model's built-in price in one-api's ratios, as the relay's Price reads them. */
export interface BuiltInRatios {
  modelRatio: number;
  completionRatio?: number;
  cacheReadRatio?: number;
  cacheWriteRatio?: number;
  reasoningRatio?: number;
  audioInputRatio?: number;
  audioOutputRatio?: number;
  tiers?: PriceTier[];
}

type Tiered = Exclude<SourceModelPrice[string], number | undefined>;
type Amount = number | Tiered | undefined;

/** one-api's unit: a ratio of 1 is $0.002 per 1K tokens, $2 per million. */
const USD_PER_MILLION_OF_RATIO_1 = 2;

/** Twelve significant digits: quotients of decimal prices carry binary noise (0.3 / 3). */
const clean = (n: number): number => Number(n.toPrecision(12));

const baseOf = (amount: Amount): number | undefined => (amount === undefined ? undefined : typeof amount === 'number' ? amount : amount.base);

/** The price once the prompt passes `start`: the highest tier it passes, as the source prices a tier (the whole request). */
function atTier(amount: Amount, promptTokens: number): number | undefined {
  if (amount === undefined || typeof amount === 'number') return amount;
  let price = amount.base;
  for (const tier of amount.tiers) if (promptTokens > tier.start) price = tier.price;
  return price;
}

/**
 * A source price per million tokens as ratios: input as the model ratio, every other kind relative to input.
 * A kind the source leaves out costs what an input token costs, as in the source's own calculation (cache
 * reads and writes are part of the input there). Undefined for a model the source does not price by the
 * token (images, per-request prices only) or whose input is free while its output is not: ratios relative
 * to a zero input cannot say that.
 */
export function ratiosOf(prices: SourceModelPrice): BuiltInRatios | undefined {
  const input = baseOf(prices.input_mtok);
  if (input === undefined) return undefined;
  const output = baseOf(prices.output_mtok);
  if (input === 0) return (output ?? 0) === 0 ? { modelRatio: 0, completionRatio: 1 } : undefined;
  const relative = (amount: Amount) => {
    const base = baseOf(amount);
    return base === undefined ? undefined : clean(base / input);
  };
  const ratios: BuiltInRatios = {
    modelRatio: clean(input / USD_PER_MILLION_OF_RATIO_1),
    cacheReadRatio: relative(prices.cache_read_mtok) ?? 1,
    cacheWriteRatio: relative(prices.cache_write_mtok) ?? 1,
  };
  const completion = relative(prices.output_mtok);
  if (completion !== undefined) ratios.completionRatio = completion;
  const reasoning = relative(prices.output_reasoning_mtok);
  if (reasoning !== undefined) ratios.reasoningRatio = reasoning;
  const audioInput = relative(prices.input_audio_mtok);
  if (audioInput !== undefined) ratios.audioInputRatio = audioInput;
  const audioOutput = relative(prices.output_audio_mtok);
  if (audioOutput !== undefined) ratios.audioOutputRatio = audioOutput;
  const tiers = tiersOf(prices);
  if (tiers.length > 0) ratios.tiers = tiers;
  return ratios;
}

/** Long-context tiers: one per threshold any kind names, each with the absolute ratios of every kind there. */
function tiersOf(prices: SourceModelPrice): PriceTier[] {
  const starts = new Set<number>();
  for (const amount of Object.values(prices)) if (amount !== undefined && typeof amount !== 'number') for (const tier of amount.tiers) starts.add(tier.start);
  const tiers: PriceTier[] = [];
  for (const start of [...starts].filter((start) => start > 0).sort((a, b) => a - b)) {
    const at = (amount: Amount) => {
      const price = atTier(amount, start + 1);
      return price === undefined ? undefined : clean(price / USD_PER_MILLION_OF_RATIO_1);
    };
    const input = at(prices.input_mtok);
    if (input === undefined || input <= 0) continue;
    const tier: PriceTier = { above_prompt_tokens: start, input };
    const output = at(prices.output_mtok);
    const cacheRead = at(prices.cache_read_mtok);
    const cacheWrite = at(prices.cache_write_mtok);
    // A kind without a price of its own is an input token in the source's calculation.
    tier.cache_read = cacheRead ?? input;
    tier.cache_write = cacheWrite ?? input;
    if (output !== undefined) tier.output = output;
    tiers.push(tier);
  }
  return tiers;
}
