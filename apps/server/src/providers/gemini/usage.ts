import type { OpenAIUsage } from '../anthropic/usage.js';
import type { UsageMetadata } from './wire-types.js';

/**
 * Gemini's usageMetadata in OpenAI's terms (reference providers.md 3.6): tool-use prompt tokens are
 * prompt, thoughts are billed as output. Docs: https://ai.google.dev/api/generate-content#UsageMetadata
 */
export function openAIUsage(usage: UsageMetadata | undefined): OpenAIUsage {
  const prompt = (usage?.promptTokenCount ?? 0) + (usage?.toolUsePromptTokenCount ?? 0);
  const completion = (usage?.candidatesTokenCount ?? 0) + (usage?.thoughtsTokenCount ?? 0);
  const result: OpenAIUsage = { prompt_tokens: prompt, completion_tokens: completion, total_tokens: prompt + completion };
  if (usage?.cachedContentTokenCount) result.prompt_tokens_details = { cached_tokens: usage.cachedContentTokenCount };
  if (usage?.thoughtsTokenCount) result.completion_tokens_details = { reasoning_tokens: usage.thoughtsTokenCount };
  return result;
}
