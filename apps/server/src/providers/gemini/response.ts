import { randomBytes } from 'node:crypto';
import type { ChatCompletion, ToolCall } from '../anthropic/response.js';
import { callId } from './call-id.js';
import { finishReason } from './finish-reason.js';
import { openAILogprobs } from './logprobs.js';
import { openAIUsage } from './usage.js';
import type { Candidate, GeminiResponse, ResponsePart } from './wire-types.js';

/**
 * A Gemini GenerateContentResponse as OpenAI's `chat.completion` (reference providers.md 3.3 and 3.7).
 * Docs: https://ai.google.dev/api/generate-content#generatecontentresponse
 */

export const newResponseId = (): string => `chatcmpl-${randomBytes(12).toString('hex')}`;

/** The visible text of a candidate: thought parts are the model's reasoning, not its answer. */
export const answerText = (parts: ResponsePart[]): string =>
  parts
    .filter((part) => !part.thought && typeof part.text === 'string')
    .map((part) => part.text)
    .join('');

/** The thought text of a candidate (parts marked `thought`, sent when the request asked for includeThoughts). */
export const thoughtText = (parts: ResponsePart[]): string =>
  parts
    .filter((part) => part.thought && typeof part.text === 'string')
    .map((part) => part.text)
    .join('');

/**
 * A call's thought signature rides in `extra_content.google.thought_signature`, where Google's own
 * OpenAI-compatible endpoint puts it, so a client that sends the assistant message back returns it, and
 * inside the call's id (call-id.ts) for clients of protocols that return only the id.
 */
export type GeminiToolCall = ToolCall & { extra_content?: { google: { thought_signature: string } } };

export const toolCalls = (parts: ResponsePart[]): GeminiToolCall[] =>
  parts
    .filter((part) => part.functionCall)
    .map((part) => ({
      id: callId(part.functionCall?.id, part.thoughtSignature),
      type: 'function',
      function: { name: part.functionCall?.name ?? '', arguments: JSON.stringify(part.functionCall?.args ?? {}) },
      ...(part.thoughtSignature ? { extra_content: { google: { thought_signature: part.thoughtSignature } } } : {}),
    }));

export function toChatCompletion(response: GeminiResponse, model: string, created: number): ChatCompletion {
  const candidates = response.candidates ?? [];
  const base = { id: response.responseId ? `chatcmpl-${response.responseId}` : newResponseId(), object: 'chat.completion' as const, created, model, usage: openAIUsage(response.usageMetadata) };
  if (candidates.length === 0) return { ...base, choices: [blockedChoice(response.promptFeedback?.blockReason)] };
  return { ...base, choices: candidates.map((candidate, index) => toChoice(candidate, index)) };
}

function toChoice(candidate: Candidate, index: number): ChatCompletion['choices'][number] {
  const parts = candidate.content?.parts ?? [];
  const text = answerText(parts);
  const thoughts = thoughtText(parts);
  const calls = toolCalls(parts);
  const content = text === '' && calls.length > 0 ? null : text;
  const logprobs = openAILogprobs(candidate.logprobsResult);
  return {
    index: candidate.index ?? index,
    message: { role: 'assistant', content, ...(thoughts ? { reasoning_content: thoughts } : {}), ...(calls.length > 0 ? { tool_calls: calls } : {}) },
    ...(logprobs ? { logprobs } : {}),
    finish_reason: finishReason(candidate.finishReason ?? 'STOP', calls.length > 0),
  };
}

/**
 * A blocked prompt is an HTTP 200 with no candidates: answered as OpenAI answers its own refusals, a
 * content_filter finish with the block reason in `refusal`, so the client sees why.
 */
const blockedChoice = (reason: string | undefined): ChatCompletion['choices'][number] => ({
  index: 0,
  message: { role: 'assistant', content: null, refusal: `the prompt was blocked by Gemini (${reason ?? 'no reason given'})` },
  finish_reason: 'content_filter',
});
