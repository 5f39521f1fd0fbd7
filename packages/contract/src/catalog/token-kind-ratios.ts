import tokenKindPricesFile from './data/token-kind-prices.json' with { type: 'json' };
import { tokenKindPricesFileSchema } from './data-schemas.js';
import { parseCatalogData } from './parse-data.js';

/**
 * Built-in prices of the token kinds that vendors price apart from plain input, relative to a plain input
 * token of the same model: cache reads (prompt caching's discount) and cache writes (Anthropic's surcharge).
 * Taken from the vendors' published price lists (`data/token-kind-prices.json`, each list with its source and
 * day); the first prefix that matches a model name applies, a model no rule names pays the input price for
 * both (one-api's behaviour). Operators override them per model with the CacheReadRatio and CacheWriteRatio
 * options. Reasoning tokens are output tokens and cost the completion price unless the ReasoningRatio option
 * prices them apart.
 */
export interface TokenKindPrice {
  /** Model names starting with this. */
  prefix: string;
  cacheRead: number;
  cacheWrite: number;
}

const file = parseCatalogData('token-kind-prices.json', tokenKindPricesFileSchema, tokenKindPricesFile);

/** The day the newest of these price lists was taken (YYYY-MM-DD, so the strings sort as dates). */
export const TOKEN_KIND_PRICES_TAKEN: string = file.priceLists.map((list) => list.takenAt).reduce((newest, day) => (day > newest ? day : newest), '');

/** The rules in the files' order, which is the order they are tried in. */
export const DEFAULT_TOKEN_KIND_PRICES: readonly TokenKindPrice[] = file.priceLists.flatMap((list) => list.rules);

/** The built-in price of a model's token kinds; the input price for both when no rule names it. */
export function defaultTokenKindPrice(model: string): { cacheRead: number; cacheWrite: number } {
  const rule = DEFAULT_TOKEN_KIND_PRICES.find((candidate) => model.startsWith(candidate.prefix));
  return rule ? { cacheRead: rule.cacheRead, cacheWrite: rule.cacheWrite } : { cacheRead: 1, cacheWrite: 1 };
}
