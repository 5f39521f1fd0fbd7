import type { ChatCompletion, ToolCall } from '../anthropic/response.js';
import type { OpenAIUsage } from '../anthropic/usage.js';
import { newId } from '../ollama/response.js';
import type { HunyuanAnswer, HunyuanToolCall, HunyuanUsage } from './wire-types.js';

/**
 * A Hunyuan answer as OpenAI's `chat.completion` (reference providers.md 11.4, finish reasons 21.1).
 * Docs: https://cloud.tencent.com/document/api/1729/105701
 */
const FINISH_REASONS: Record<string, string> = { stop: 'stop', length: 'length', tool_calls: 'tool_calls', sensitive: 'content_filter' };

/** Hunyuan's FinishReason is "" until the end, then stop, length, tool_calls or sensitive. */
export const finishReason = (reason: string | undefined): string | null => (reason ? (FINISH_REASONS[reason] ?? 'stop') : null);

export const toolCalls = (calls: HunyuanToolCall[] | undefined): ToolCall[] =>
  (calls ?? []).map((call) => ({ id: call.Id || newId('call_'), type: 'function', function: { name: call.Function?.Name ?? '', arguments: call.Function?.Arguments ?? '' } }));

export function openAIUsage(usage: HunyuanUsage | undefined): OpenAIUsage {
  const prompt = usage?.PromptTokens ?? 0;
  const completion = usage?.CompletionTokens ?? 0;
  return { prompt_tokens: prompt, completion_tokens: completion, total_tokens: usage?.TotalTokens ?? prompt + completion };
}

export function toChatCompletion(answer: HunyuanAnswer, model: string, created: number): ChatCompletion {
  return {
    id: answer.Id ? `chatcmpl-${answer.Id}` : newId('chatcmpl-'),
    object: 'chat.completion',
    created: answer.Created ?? created,
    model,
    choices: (answer.Choices ?? []).map((choice, index) => {
      const calls = toolCalls(choice.Message?.ToolCalls);
      const text = choice.Message?.Content ?? '';
      return {
        index,
        message: { role: 'assistant', content: text === '' && calls.length > 0 ? null : text, ...(calls.length > 0 ? { tool_calls: calls } : {}) },
        finish_reason: finishReason(choice.FinishReason) ?? 'stop',
      };
    }),
    usage: openAIUsage(answer.Usage),
  };
}
