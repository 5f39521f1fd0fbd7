import type { ReportedUsage } from '../../openai/response-usage.js';
import type { TokenKinds, TokenUsage } from '../../token-usage.js';
import type { UsageMetadata } from '../wire-types.js';

/**
 * Gemini's usageMetadata both ways (reference providers.md 3.6). Docs: https://ai.google.dev/api/generate-content#UsageMetadata
 * In Tollgate's terms the prompt holds tool-use prompt tokens and cached tokens, the completion holds the
 * thoughts; Gemini counts thoughts apart from candidatesTokenCount.
 */

/** What a Gemini upstream reported, read from the answer it passed through; undefined when it counted nothing. */
export function reportedFromMetadata(meta: UsageMetadata | undefined): ReportedUsage | undefined {
  if (!meta) return undefined;
  const prompt = (meta.promptTokenCount ?? 0) + (meta.toolUsePromptTokenCount ?? 0);
  const completion = (meta.candidatesTokenCount ?? 0) + (meta.thoughtsTokenCount ?? 0);
  if (prompt + completion <= 0) return undefined;
  const kinds: TokenKinds = {};
  if (meta.cachedContentTokenCount) kinds.cacheReadTokens = meta.cachedContentTokenCount;
  if (meta.thoughtsTokenCount) kinds.reasoningTokens = meta.thoughtsTokenCount;
  return { promptTokens: prompt, completionTokens: completion, totalTokens: prompt + completion, ...kinds };
}

/** The usage Tollgate billed, as the usageMetadata of a converted answer. */
export function metadataFromUsage(usage: TokenUsage): UsageMetadata {
  const thoughts = usage.reasoningTokens ?? 0;
  return {
    promptTokenCount: usage.promptTokens,
    candidatesTokenCount: Math.max(0, usage.completionTokens - thoughts),
    ...(thoughts > 0 ? { thoughtsTokenCount: thoughts } : {}),
    ...(usage.cacheReadTokens ? { cachedContentTokenCount: usage.cacheReadTokens } : {}),
    totalTokenCount: usage.promptTokens + usage.completionTokens,
  };
}
