import type { ReportedUsage } from '../response-usage.js';
import type { TokenKinds, TokenUsage } from '../../token-usage.js';

/**
 * The Responses API's usage both ways. Docs: https://platform.openai.com/docs/api-reference/responses/object#responses/object-usage
 * input_tokens counts every input token (cached_tokens among them), output_tokens every output token
 * (reasoning_tokens among them), as Tollgate's prompt and completion do.
 */
export interface ResponsesUsage {
  input_tokens?: number;
  input_tokens_details?: { cached_tokens?: number };
  output_tokens?: number;
  output_tokens_details?: { reasoning_tokens?: number };
  total_tokens?: number;
}

/** What an upstream reported in a response it passed through; undefined when it counted nothing. */
export function reportedFromResponses(usage: ResponsesUsage | undefined | null): ReportedUsage | undefined {
  if (!usage || typeof usage !== 'object') return undefined;
  const prompt = Number(usage.input_tokens ?? 0);
  const completion = Number(usage.output_tokens ?? 0);
  if (!Number.isFinite(prompt) || !Number.isFinite(completion) || prompt + completion <= 0) return undefined;
  const kinds: TokenKinds = {};
  const cached = Number(usage.input_tokens_details?.cached_tokens ?? 0);
  const reasoning = Number(usage.output_tokens_details?.reasoning_tokens ?? 0);
  if (cached > 0) kinds.cacheReadTokens = cached;
  if (reasoning > 0) kinds.reasoningTokens = reasoning;
  return { promptTokens: prompt, completionTokens: completion, totalTokens: Number(usage.total_tokens ?? prompt + completion), ...kinds };
}

/** The usage Tollgate billed, as a converted response's usage. */
export function responsesUsage(usage: TokenUsage): Required<ResponsesUsage> {
  return {
    input_tokens: usage.promptTokens,
    input_tokens_details: { cached_tokens: usage.cacheReadTokens ?? 0 },
    output_tokens: usage.completionTokens,
    output_tokens_details: { reasoning_tokens: usage.reasoningTokens ?? 0 },
    total_tokens: usage.promptTokens + usage.completionTokens,
  };
}
