import type { ChatCompletion, ToolCall } from '../anthropic/response.js';
import type { OpenAIUsage } from '../anthropic/usage.js';
import { newId } from '../ollama/response.js';
import { isContentFilter } from './upstream-error.js';
import type { SparkResponseFrame } from './wire-types.js';

/**
 * Spark's answer frames as OpenAI's shapes (reference providers.md 9.3). A "non-stream" answer is the
 * frames collected by the exchange, one NDJSON line each, folded here into one `chat.completion`.
 */
export const parseFrame = (line: string): SparkResponseFrame | undefined => {
  try {
    return JSON.parse(line) as SparkResponseFrame;
  } catch {
    return undefined;
  }
};

export const frameText = (frame: SparkResponseFrame): string => (frame.payload?.choices?.text ?? []).map((part) => part.content ?? '').join('');

/** A function call arrives whole in one frame; Spark gives it no id, so one is made up. */
export const frameCalls = (frame: SparkResponseFrame): ToolCall[] =>
  (frame.payload?.choices?.text ?? [])
    .filter((part) => part.function_call?.name)
    .map((part) => ({ id: newId('call_'), type: 'function', function: { name: part.function_call?.name ?? '', arguments: part.function_call?.arguments ?? '{}' } }));

/** Usage comes on the last frame only; prompt_tokens counts the history too, question_tokens only the last turn. */
export function frameUsage(frame: SparkResponseFrame): OpenAIUsage | undefined {
  const usage = frame.payload?.usage?.text;
  if (!usage) return undefined;
  const prompt = usage.prompt_tokens ?? 0;
  const completion = usage.completion_tokens ?? 0;
  return { prompt_tokens: prompt, completion_tokens: completion, total_tokens: usage.total_tokens ?? prompt + completion };
}

export const isLastFrame = (frame: SparkResponseFrame): boolean => frame.header?.status === 2 || frame.payload?.choices?.status === 2;

/** A content-audit code ends the answer with `content_filter`; otherwise a call makes it `tool_calls`. */
export const finishReason = (filtered: boolean, called: boolean): string => (filtered ? 'content_filter' : called ? 'tool_calls' : 'stop');

export function toChatCompletion(ndjson: string, model: string, created: number): ChatCompletion {
  const frames = ndjson.split('\n').map(parseFrame).filter((frame): frame is SparkResponseFrame => frame !== undefined);
  const text = frames.map(frameText).join('');
  const calls = frames.flatMap(frameCalls);
  const usage = frames.map(frameUsage).reduce<OpenAIUsage | undefined>((last, found) => found ?? last, undefined);
  const sid = frames.find((frame) => frame.header?.sid)?.header?.sid;
  const filtered = frames.some((frame) => isContentFilter(frame.header?.code));
  return {
    id: sid ? `chatcmpl-${sid}` : newId('chatcmpl-'),
    object: 'chat.completion',
    created,
    model,
    choices: [{ index: 0, message: { role: 'assistant', content: text === '' && calls.length > 0 ? null : text, ...(calls.length > 0 ? { tool_calls: calls } : {}) }, finish_reason: finishReason(filtered, calls.length > 0) }],
    usage: usage ?? { prompt_tokens: 0, completion_tokens: 0, total_tokens: 0 },
  };
}
