import { openAITokenKinds, type ReportedUsage } from '../openai/response-usage.js';
import type { AnthropicUsage } from './wire-types.js';

export interface OpenAIUsage {
  prompt_tokens: number;
  completion_tokens: number;
  total_tokens: number;
  /** Cache reads; `cache_write_tokens` is the hub's extension for cache writes (providers/hub.ts). */
  prompt_tokens_details?: { cached_tokens?: number; cache_write_tokens?: number };
  completion_tokens_details?: { reasoning_tokens: number };
}

/** Anthropic counts cache writes and reads apart from input_tokens; the prompt is all three (reference 2.6). */
export function openAIUsage(usage: AnthropicUsage): OpenAIUsage {
  const prompt = (usage.input_tokens ?? 0) + (usage.cache_creation_input_tokens ?? 0) + (usage.cache_read_input_tokens ?? 0);
  const completion = usage.output_tokens ?? 0;
  const result: OpenAIUsage = { prompt_tokens: prompt, completion_tokens: completion, total_tokens: prompt + completion };
  const details = { ...(usage.cache_read_input_tokens ? { cached_tokens: usage.cache_read_input_tokens } : {}), ...(usage.cache_creation_input_tokens ? { cache_write_tokens: usage.cache_creation_input_tokens } : {}) };
  if (Object.keys(details).length > 0) result.prompt_tokens_details = details;
  return result;
}

/** What the relay bills; nothing when the upstream counted nothing, so the relay counts locally. */
export function reportedUsage(usage: OpenAIUsage): ReportedUsage | undefined {
  if (usage.total_tokens <= 0) return undefined;
  return { promptTokens: usage.prompt_tokens, completionTokens: usage.completion_tokens, totalTokens: usage.total_tokens, ...openAITokenKinds(usage) };
}
