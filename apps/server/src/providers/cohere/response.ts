import type { ChatCompletion, ToolCall } from '../anthropic/response.js';
import type { OpenAIUsage } from '../anthropic/usage.js';
import { newId } from '../ollama/response.js';
import type { CohereChatResponse, CohereToolCall } from './wire-types.js';

/**
 * A Cohere v1 chat answer as OpenAI's `chat.completion` (reference providers.md 12.1 and the finish-reason
 * table of section 21). Docs: https://docs.cohere.com/v1/reference/chat
 */
const FINISH_REASONS: Record<string, string> = {
  COMPLETE: 'stop',
  STOP_SEQUENCE: 'stop',
  MAX_TOKENS: 'length',
  ERROR_LIMIT: 'length',
  TOOL_CALL: 'tool_calls',
  ERROR_TOXIC: 'content_filter',
};

/** A call seen anywhere makes it tool_calls, whatever Cohere said (v1 answers COMPLETE with tool calls). */
export const finishReason = (reason: string | undefined, calledTools: boolean): string => (calledTools ? 'tool_calls' : (FINISH_REASONS[reason ?? ''] ?? 'stop'));

/** Cohere's calls have no ids and carry parameters as an object. */
export const toolCalls = (calls: CohereToolCall[] | undefined): ToolCall[] =>
  (calls ?? []).map((call) => ({ id: newId('call_'), type: 'function', function: { name: call.name ?? '', arguments: JSON.stringify(call.parameters ?? {}) } }));

/** Billed units leave out Cohere's own prompt template, so they are what is billed; `tokens` is the fallback. */
export function openAIUsage(answer: CohereChatResponse | undefined): OpenAIUsage {
  const units = answer?.meta?.billed_units ?? answer?.meta?.tokens ?? {};
  const prompt = units.input_tokens ?? 0;
  const completion = units.output_tokens ?? 0;
  return { prompt_tokens: prompt, completion_tokens: completion, total_tokens: prompt + completion };
}

export function toChatCompletion(answer: CohereChatResponse, model: string, created: number): ChatCompletion {
  const calls = toolCalls(answer.tool_calls);
  const text = answer.text ?? '';
  return {
    id: answer.response_id ? `chatcmpl-${answer.response_id}` : newId('chatcmpl-'),
    object: 'chat.completion',
    created,
    model,
    choices: [
      {
        index: 0,
        message: { role: 'assistant', content: text === '' && calls.length > 0 ? null : text, ...(calls.length > 0 ? { tool_calls: calls } : {}) },
        finish_reason: finishReason(answer.finish_reason, calls.length > 0),
      },
    ],
    usage: openAIUsage(answer),
  };
}
