import { randomBytes } from 'node:crypto';
import type { ChatCompletion, ToolCall } from '../anthropic/response.js';
import type { OpenAIUsage } from '../anthropic/usage.js';
import type { OllamaChatResponse } from './wire-types.js';

/**
 * An Ollama /api/chat answer as OpenAI's `chat.completion` (reference providers.md 16).
 * Docs: https://github.com/ollama/ollama/blob/main/docs/api.md#chat-request-no-streaming
 */
export const newId = (prefix: string): string => `${prefix}${randomBytes(12).toString('hex')}`;

/** Ollama's calls have no ids and carry arguments as an object. */
export const toolCalls = (answer: OllamaChatResponse): ToolCall[] =>
  (answer.message?.tool_calls ?? []).map((call) => ({ id: newId('call_'), type: 'function', function: { name: call.function?.name ?? '', arguments: JSON.stringify(call.function?.arguments ?? {}) } }));

/** `done_reason` is stop or length (load/unload for empty requests); a call seen anywhere makes it tool_calls. */
export const finishReason = (doneReason: string | undefined, calledTools: boolean): string => (calledTools ? 'tool_calls' : doneReason === 'length' ? 'length' : 'stop');

const tokenLogprob = (entry: { token?: string; logprob?: number; bytes?: number[] }) => {
  const token = entry.token ?? '';
  return { token, logprob: entry.logprob ?? 0, bytes: entry.bytes ?? [...Buffer.from(token, 'utf8')] };
};

/** Ollama's token log probabilities as OpenAI's `choices[].logprobs`, when it sent any. */
export function openAILogprobs(answer: OllamaChatResponse) {
  if (!answer.logprobs?.length) return undefined;
  return { content: answer.logprobs.map((entry) => ({ ...tokenLogprob(entry), top_logprobs: (entry.top_logprobs ?? []).map(tokenLogprob) })) };
}

/** prompt_eval_count may be left out when the prompt was cached. */
export function openAIUsage(answer: OllamaChatResponse): OpenAIUsage {
  const prompt = answer.prompt_eval_count ?? 0;
  const completion = answer.eval_count ?? 0;
  return { prompt_tokens: prompt, completion_tokens: completion, total_tokens: prompt + completion };
}

export function toChatCompletion(answer: OllamaChatResponse, model: string, created: number): ChatCompletion {
  const calls = toolCalls(answer);
  const text = answer.message?.content ?? '';
  const logprobs = openAILogprobs(answer);
  return {
    id: newId('chatcmpl-'),
    object: 'chat.completion',
    created,
    model: answer.model ?? model,
    choices: [
      {
        index: 0,
        message: { role: 'assistant', content: text === '' && calls.length > 0 ? null : text, ...(calls.length > 0 ? { tool_calls: calls } : {}) },
        ...(logprobs ? { logprobs } : {}),
        finish_reason: finishReason(answer.done_reason, calls.length > 0),
      },
    ],
    usage: openAIUsage(answer),
  };
}
