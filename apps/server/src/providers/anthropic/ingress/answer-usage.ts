import type { TokenUsage } from '../../token-usage.js';

/**
 * The usage Tollgate billed, in Anthropic's terms: input_tokens counts only the input read neither from
 * nor into the prompt cache, which Anthropic counts apart (reference providers.md 2.6, read backwards).
 */
export interface AnthropicAnswerUsage {
  input_tokens: number;
  cache_creation_input_tokens: number;
  cache_read_input_tokens: number;
  output_tokens: number;
}

export function anthropicUsage(usage: TokenUsage): AnthropicAnswerUsage {
  const read = usage.cacheReadTokens ?? 0;
  const written = usage.cacheWriteTokens ?? 0;
  return { input_tokens: Math.max(0, usage.promptTokens - read - written), cache_creation_input_tokens: written, cache_read_input_tokens: read, output_tokens: usage.completionTokens };
}

/** The hub's finish_reason as Anthropic's stop_reason. */
const STOP_REASONS: Record<string, string> = { stop: 'end_turn', length: 'max_tokens', tool_calls: 'tool_use', function_call: 'tool_use', content_filter: 'refusal' };

export const stopReasonOf = (finish: string | null | undefined, calledTools: boolean): string => (finish ? (STOP_REASONS[finish] ?? 'end_turn') : calledTools ? 'tool_use' : 'end_turn');

/** Anthropic's ids: `msg_…` for a message, `toolu_…` for a call the upstream left without an id. */
export const messageId = (id: unknown, requestId: string): string => {
  const raw = typeof id === 'string' && id ? id : requestId;
  return raw.startsWith('msg_') ? raw : `msg_${raw.replace(/[^A-Za-z0-9_-]/g, '')}`;
};

export const toolUseId = (id: unknown, requestId: string, index: number): string => (typeof id === 'string' && id ? id : `toolu_${requestId.replace(/[^A-Za-z0-9_-]/g, '')}_${index}`);
