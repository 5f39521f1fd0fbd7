import type { ChatCompletion, ToolCall } from '../anthropic/response.js';
import type { OpenAIUsage } from '../anthropic/usage.js';
import { newId } from '../ollama/response.js';
import type { DashScopeChatResponse, DashScopeChoice, DashScopeUsage } from './wire-types.js';

/**
 * A DashScope answer with `result_format: "message"` as OpenAI's `chat.completion` (reference providers.md 8.3).
 * Docs: https://www.alibabacloud.com/help/en/model-studio/use-qwen-by-calling-api
 */
const FINISH_REASONS: Record<string, string> = { stop: 'stop', length: 'length', tool_calls: 'tool_calls', content_filter: 'content_filter' };

/** Streams send the string "null" until the last frame; anything else unknown ends as stop. */
export function finishReason(reason: string | null | undefined, calledTools: boolean): string | null {
  if (!reason || reason === 'null') return null;
  return calledTools ? 'tool_calls' : (FINISH_REASONS[reason] ?? 'stop');
}

/** Multimodal models answer content as a list of `{text}` items. */
export function choiceText(choice: DashScopeChoice | undefined): string {
  const content = choice?.message?.content;
  return typeof content === 'string' ? content : (content ?? []).map((item) => item.text ?? '').join('');
}

export const toolCalls = (choice: DashScopeChoice | undefined): ToolCall[] =>
  (choice?.message?.tool_calls ?? []).map((call) => ({ id: call.id || newId('call_'), type: 'function', function: { name: call.function?.name ?? '', arguments: call.function?.arguments ?? '' } }));

export function openAIUsage(usage: DashScopeUsage | undefined): OpenAIUsage {
  const prompt = usage?.input_tokens ?? 0;
  const completion = usage?.output_tokens ?? 0;
  return { prompt_tokens: prompt, completion_tokens: completion, total_tokens: usage?.total_tokens ?? prompt + completion };
}

export function toChatCompletion(answer: DashScopeChatResponse, model: string, created: number): ChatCompletion {
  const choices = answer.output?.choices ?? [];
  return {
    id: answer.request_id ? `chatcmpl-${answer.request_id}` : newId('chatcmpl-'),
    object: 'chat.completion',
    created,
    model,
    choices: choices.map((choice, index) => {
      const calls = toolCalls(choice);
      const text = choiceText(choice);
      return {
        index,
        message: { role: 'assistant', content: text === '' && calls.length > 0 ? null : text, ...(calls.length > 0 ? { tool_calls: calls } : {}) },
        finish_reason: finishReason(choice.finish_reason, calls.length > 0) ?? 'stop',
      };
    }),
    usage: openAIUsage(answer.usage),
  };
}
