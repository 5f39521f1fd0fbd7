import type { ReportedUsage } from '../openai/response-usage.js';

/**
 * Converse answers (reference providers.md 5.7) in OpenAI's terms: the message's text and toolUse blocks,
 * the stop reason and the usage.
 */
export interface ConverseUsage {
  inputTokens?: number;
  outputTokens?: number;
  totalTokens?: number;
  /** Prompt caching: counted apart from inputTokens, as Anthropic does. */
  cacheReadInputTokens?: number;
  cacheWriteInputTokens?: number;
}

export interface ConverseAnswer {
  output?: { message?: { role?: string; content?: { text?: string; toolUse?: { toolUseId?: string; name?: string; input?: unknown } }[] } };
  stopReason?: string;
  usage?: ConverseUsage;
}

const FINISH_REASONS: Record<string, string> = {
  end_turn: 'stop',
  stop_sequence: 'stop',
  max_tokens: 'length',
  tool_use: 'tool_calls',
  guardrail_intervened: 'content_filter',
  content_filtered: 'content_filter',
};

export const converseFinishReason = (reason: string | null | undefined): string | null => (reason ? (FINISH_REASONS[reason] ?? 'stop') : null);

export function converseUsage(usage: ConverseUsage | undefined): ReportedUsage | undefined {
  const cacheRead = usage?.cacheReadInputTokens ?? 0;
  const cacheWrite = usage?.cacheWriteInputTokens ?? 0;
  const prompt = (usage?.inputTokens ?? 0) + cacheRead + cacheWrite;
  const completion = usage?.outputTokens ?? 0;
  if (prompt + completion <= 0) return undefined;
  return {
    promptTokens: prompt,
    completionTokens: completion,
    totalTokens: prompt + completion,
    ...(cacheRead > 0 ? { cacheReadTokens: cacheRead } : {}),
    ...(cacheWrite > 0 ? { cacheWriteTokens: cacheWrite } : {}),
  };
}

/** The usage of a converted answer, with the cache details in the hub's terms (providers/hub.ts). */
export const openAIUsageOf = (usage: ReportedUsage | undefined) => ({
  prompt_tokens: usage?.promptTokens ?? 0,
  completion_tokens: usage?.completionTokens ?? 0,
  total_tokens: usage?.totalTokens ?? 0,
  ...(usage?.cacheReadTokens || usage?.cacheWriteTokens
    ? { prompt_tokens_details: { ...(usage.cacheReadTokens ? { cached_tokens: usage.cacheReadTokens } : {}), ...(usage.cacheWriteTokens ? { cache_write_tokens: usage.cacheWriteTokens } : {}) } }
    : {}),
});

export function toConverseCompletion(answer: ConverseAnswer, model: string, created: number, id: string) {
  const blocks = answer.output?.message?.content ?? [];
  const text = blocks.map((block) => block.text ?? '').join('');
  const toolCalls = blocks
    .filter((block) => block.toolUse)
    .map((block) => ({ id: block.toolUse?.toolUseId ?? '', type: 'function' as const, function: { name: block.toolUse?.name ?? '', arguments: JSON.stringify(block.toolUse?.input ?? {}) } }));
  const usage = converseUsage(answer.usage);
  const message = { role: 'assistant', content: text === '' && toolCalls.length > 0 ? null : text, ...(toolCalls.length > 0 ? { tool_calls: toolCalls } : {}) };
  const completion = { id, object: 'chat.completion', created, model, choices: [{ index: 0, message, finish_reason: converseFinishReason(answer.stopReason) ?? 'stop' }], usage: openAIUsageOf(usage) };
  return { completion, usage, text: text + (toolCalls.length > 0 ? JSON.stringify(toolCalls) : '') };
}
