import type { JsonObject } from '../openai/request-body.js';
import type { ThinkingConfig } from './wire-types.js';

/**
 * The hub's reasoning settings as Gemini's thinkingConfig. Docs: https://ai.google.dev/gemini-api/docs/thinking
 * - the hub `thinking` (Anthropic's shape, from Anthropic clients and Gemini clients' thinkingBudget) is a
 *   budget: enabled → its budget_tokens, disabled → 0, adaptive → -1 (Gemini's dynamic thinking), unless
 *   an effort comes with adaptive thinking;
 * - else OpenAI's `reasoning_effort`: a thinkingLevel on Gemini 3 and later, else the budgets Google's own
 *   OpenAI-compatible endpoint maps the efforts to (1K, 8K, 24K; none turns thinking off).
 * A request may carry a budget or a level, never both (Gemini answers 400). includeThoughts is asked
 * whenever the model thinks, so its thoughts come back as the hub's reasoning_content.
 */
const BUDGETS: Record<string, number> = { none: 0, minimal: 1024, low: 1024, medium: 8192, high: 24576, xhigh: 24576 };
const LEVELS: Record<string, ThinkingConfig['thinkingLevel']> = { none: 'MINIMAL', minimal: 'MINIMAL', low: 'LOW', medium: 'MEDIUM', high: 'HIGH', xhigh: 'HIGH' };

/** Gemini 3 and later generations think in levels. */
const LEVELLED_MODELS = /gemini-([3-9]|\d{2,})/;

export function thinkingConfig(body: JsonObject, model: string): ThinkingConfig | undefined {
  const effort = typeof body.reasoning_effort === 'string' ? body.reasoning_effort.toLowerCase() : undefined;
  // Adaptive thinking with an effort (Claude Code's output_config.effort) says how much: the effort decides.
  const adaptive = (body.thinking as { type?: unknown } | undefined)?.type === 'adaptive';
  const budget = adaptive && effort !== undefined ? undefined : thinkingBudget(body.thinking);
  if (budget === undefined && effort === undefined) return undefined;
  const config: ThinkingConfig = {};
  if (budget !== undefined) config.thinkingBudget = budget;
  else if (effort !== undefined && LEVELLED_MODELS.test(model) && LEVELS[effort]) config.thinkingLevel = LEVELS[effort];
  else if (effort !== undefined && BUDGETS[effort] !== undefined) config.thinkingBudget = BUDGETS[effort];
  else return undefined;
  if (config.thinkingBudget !== 0) config.includeThoughts = true;
  return config;
}

function thinkingBudget(thinking: unknown): number | undefined {
  const value = thinking as { type?: unknown; budget_tokens?: unknown } | undefined;
  if (value?.type === 'disabled') return 0;
  if (value?.type === 'adaptive') return -1;
  if (value?.type === 'enabled') return typeof value.budget_tokens === 'number' && value.budget_tokens > 0 ? Math.floor(value.budget_tokens) : -1;
  return undefined;
}
