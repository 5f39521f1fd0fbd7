import { z } from 'zod';
import { message, type CatalogMessage, type MessageCode } from './messages/catalog.js';

/**
 * Prices in money are a view over one-api's ratios: a ratio of 1 is QuotaPerUnit / 500000 x $2 per million
 * tokens ($2 at the default QuotaPerUnit of 500000), so stored ratios keep their meaning whatever the console
 * shows. A ratio prices one token in quota points: 1 point = 1 / QuotaPerUnit USD.
 */
export const usdPerMillionTokens = (ratio: number, quotaPerUnit: number): number => (ratio * 1_000_000) / quotaPerUnit;
export const ratioOfUsdPerMillion = (usd: number, quotaPerUnit: number): number => (usd * quotaPerUnit) / 1_000_000;

/**
 * Where a model's price came from, as the pricing page and a log's details say it: the operator's own
 * options (`operator`), the maintained price source Tollgate follows (`source`: genai-prices, its version or
 * the day a refresh fetched it), Tollgate's own table for vendors the source does not list (`catalog`), or
 * the DefaultModelRatio an operator set for models without a price (`default`).
 */
export interface PriceOrigin {
  kind: 'operator' | 'source' | 'catalog' | 'default';
  /** `genai-prices 0.1.8`, or the vendor list of Tollgate's table (`DeepSeek`, `one-api`). */
  name?: string;
  /** The day the data was published, fetched or taken (YYYY-MM-DD). */
  date?: string;
}

/** The kinds of token a price names, in the order the console and the log breakdown list them. */
export const PRICE_KINDS = ['input', 'cache_read', 'cache_write', 'audio_input', 'output', 'reasoning', 'audio_output'] as const;
export type PriceKind = (typeof PRICE_KINDS)[number];

/**
 * What a consume log's cost lines name: the kinds of token, one request of a model priced per call, the
 * images of an image generation, the input characters of text to speech, and the tokens of a transcript
 * (transcription and translation).
 */
export const LOG_COST_KINDS = [...PRICE_KINDS, 'request', 'image', 'character', 'transcript'] as const;
export type LogCostKind = (typeof LOG_COST_KINDS)[number];

/**
 * A long-context price (ModelPriceTiers option): once a request's prompt (cache reads and writes included,
 * as Anthropic and Google count it) is above `above_prompt_tokens`, the whole request is priced at this tier.
 * Each price is a ratio in ModelRatio's unit (1 = $2 per 1M tokens at the default QuotaPerUnit), absolute,
 * not relative to the input; a kind left out keeps its usual proportion to the input price.
 */
export interface PriceTier {
  above_prompt_tokens: number;
  input: number;
  output?: number;
  cache_read?: number;
  cache_write?: number;
  reasoning?: number;
}

const priceOf = (field: string) => z.number({ error: `${field} must be a number of 0 or more` }).finite(`${field} must be a number of 0 or more`).min(0, `${field} must be a number of 0 or more`);

const tierSchema = (at: string) =>
  z.strictObject(
    {
      above_prompt_tokens: z
        .number({ error: `${at}.above_prompt_tokens must be a whole number of tokens greater than 0` })
        .int(`${at}.above_prompt_tokens must be a whole number of tokens greater than 0`)
        .positive(`${at}.above_prompt_tokens must be a whole number of tokens greater than 0`),
      input: priceOf(`${at}.input`).positive(`${at}.input must be greater than 0`),
      output: priceOf(`${at}.output`).optional(),
      cache_read: priceOf(`${at}.cache_read`).optional(),
      cache_write: priceOf(`${at}.cache_write`).optional(),
      reasoning: priceOf(`${at}.reasoning`).optional(),
    },
    { error: (issue) => (issue.code === 'unrecognized_keys' ? `${at}.${issue.keys[0]} is not a price: use above_prompt_tokens, input, output, cache_read, cache_write or reasoning` : `${at} must be an object such as {"above_prompt_tokens":200000,"input":3}`) },
  );

export type ModelPriceTiers = Record<string, PriceTier[]>;

/**
 * Why a ModelPriceTiers value is refused (naming the field), or undefined: a JSON object from a priced model
 * (`isPriced`) to a non-empty list of tiers with increasing thresholds.
 */
export function modelPriceTiersProblem(value: string, isPriced: (model: string) => boolean): CatalogMessage | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    return message('price.tiers_not_json');
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return message('price.tiers_not_object');
  for (const [model, tiers] of Object.entries(parsed)) {
    const at = `ModelPriceTiers.${model}`;
    if (!isPriced(model)) return message('price.tier_unknown_model', { at, model });
    if (!Array.isArray(tiers) || tiers.length === 0) return message('price.tiers_empty', { at });
    let previous = 0;
    for (const [i, tier] of tiers.entries()) {
      const checked = tierSchema(`${at}[${i}]`).safeParse(tier);
      if (!checked.success) {
        const issue = checked.error.issues[0];
        const field = [`${at}[${i}]`, ...(issue?.path ?? []).map(String)].join('.');
        return message('price.tier_invalid', { detail: issue?.message ?? field, field });
      }
      if (checked.data.above_prompt_tokens <= previous) return message('price.tier_threshold_order', { at: `${at}[${i}]` });
      previous = checked.data.above_prompt_tokens;
    }
  }
  return undefined;
}

/** A stored ModelPriceTiers value read leniently (billing keeps running on whatever is stored). */
export function parseModelPriceTiers(value: string): ModelPriceTiers {
  try {
    const parsed: unknown = JSON.parse(value || '{}');
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return {};
    return Object.fromEntries(Object.entries(parsed).filter((entry): entry is [string, PriceTier[]] => modelPriceTiersProblem(JSON.stringify({ [entry[0]]: entry[1] }), () => true) === undefined));
  } catch {
    return {};
  }
}

/** The tier a request of this many prompt tokens is priced at: the highest whose threshold it passes. */
export function tierFor(tiers: readonly PriceTier[] | undefined, promptTokens: number): PriceTier | undefined {
  if (!tiers) return undefined;
  let chosen: PriceTier | undefined;
  for (const tier of tiers) if (promptTokens > tier.above_prompt_tokens) chosen = tier;
  return chosen;
}

/**
 * Why a ratio table (ModelRatio, CompletionRatio, GroupRatio, the token kinds' ratios) is refused, naming the
 * entry, or undefined; `invalidJson` is the option's long-standing message for a value that is not an object.
 */
export function ratioTableProblem(option: string, value: string, invalidJson: MessageCode): CatalogMessage | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    return message(invalidJson);
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return message(invalidJson);
  for (const [name, ratio] of Object.entries(parsed)) {
    if (typeof ratio !== 'number' || !Number.isFinite(ratio) || ratio < 0) return message('price.ratio_entry_invalid', { option, name });
  }
  return undefined;
}
