/**
 * Built-in prices of the token kinds that vendors price apart from plain input, relative to a plain input
 * token of the same model: cache reads (prompt caching's discount) and cache writes (Anthropic's surcharge).
 * Taken from the vendors' published price lists on 2026-11-01; the first prefix that matches a model name
 * applies, a model no rule names pays the input price for both (one-api's behaviour). Operators override
 * them per model with the CacheReadRatio and CacheWriteRatio options. Reasoning tokens are output tokens and
 * cost the completion price unless the ReasoningRatio option prices them apart.
 */
export interface TokenKindPrice {
  /** Model names starting with this. */
  prefix: string;
  cacheRead: number;
  cacheWrite: number;
}

export const TOKEN_KIND_PRICES_TAKEN = '2026-11-01';

export const DEFAULT_TOKEN_KIND_PRICES: readonly TokenKindPrice[] = [
  // Anthropic: reads at 10% of input, 5-minute cache writes at 125%.
  { prefix: 'claude-', cacheRead: 0.1, cacheWrite: 1.25 },
  { prefix: 'anthropic.claude-', cacheRead: 0.1, cacheWrite: 1.25 },
  { prefix: 'us.anthropic.claude-', cacheRead: 0.1, cacheWrite: 1.25 },
  { prefix: 'eu.anthropic.claude-', cacheRead: 0.1, cacheWrite: 1.25 },
  // OpenAI: automatic caching, writes free; the discount depends on the generation.
  { prefix: 'gpt-5', cacheRead: 0.1, cacheWrite: 1 },
  { prefix: 'gpt-4.1', cacheRead: 0.25, cacheWrite: 1 },
  { prefix: 'o3-mini', cacheRead: 0.5, cacheWrite: 1 },
  { prefix: 'o3', cacheRead: 0.25, cacheWrite: 1 },
  { prefix: 'o4-mini', cacheRead: 0.25, cacheWrite: 1 },
  { prefix: 'o1', cacheRead: 0.5, cacheWrite: 1 },
  { prefix: 'gpt-4o', cacheRead: 0.5, cacheWrite: 1 },
  { prefix: 'chatgpt-4o', cacheRead: 0.5, cacheWrite: 1 },
  // Google: implicit and explicit cache reads at a quarter of input (storage is billed by Google apart).
  { prefix: 'gemini-2', cacheRead: 0.25, cacheWrite: 1 },
  { prefix: 'gemini-3', cacheRead: 0.1, cacheWrite: 1 },
  // DeepSeek: cache hits at a tenth of a miss; Moonshot's Kimi K2 at a quarter.
  { prefix: 'deepseek-', cacheRead: 0.1, cacheWrite: 1 },
  { prefix: 'kimi-k2', cacheRead: 0.25, cacheWrite: 1 },
];

/** The built-in price of a model's token kinds; the input price for both when no rule names it. */
export function defaultTokenKindPrice(model: string): { cacheRead: number; cacheWrite: number } {
  const rule = DEFAULT_TOKEN_KIND_PRICES.find((candidate) => model.startsWith(candidate.prefix));
  return rule ? { cacheRead: rule.cacheRead, cacheWrite: rule.cacheWrite } : { cacheRead: 1, cacheWrite: 1 };
}
