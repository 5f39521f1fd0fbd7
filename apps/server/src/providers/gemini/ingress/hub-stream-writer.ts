import type { AnswerContext, HubStreamWriter } from '../../ingress.js';
import { failureOf, parseHubChunk } from '../../hub-chunk.js';
import type { TokenUsage } from '../../token-usage.js';
import { finishReasonOf, functionCallPart, textOf, wantsThoughts, type AnswerPart, type HubToolCall } from './answer-parts.js';
import { googleError, statusOfErrorType } from './google-error.js';
import { streamFraming, type StreamMode } from './stream-framing.js';
import { metadataFromUsage } from './usage-metadata.js';

/**
 * A converted stream: hub chunks as Gemini's streamed GenerateContentResponses. Text and thought deltas
 * go out as parts as they come; a function call goes out whole once its arguments are complete (the next
 * call begins, or the choice finishes), as Gemini sends calls; the last response carries the finishReason
 * and the billed usage. An upstream failure mid-stream is Google's `{"error":{…}}` object.
 * Docs: https://ai.google.dev/api/generate-content#method:-models.streamgeneratecontent
 */
interface ChoiceState {
  calls: Map<number, Required<Pick<HubToolCall, 'function'>> & HubToolCall>;
  finish?: string;
}

/** Every part must say something: the SDKs' chats drop a turn that has an empty part or no parts. */
const EMPTY: AnswerPart[] = [{ text: '' }];

export function hubStreamWriter(mode: StreamMode, context: AnswerContext): HubStreamWriter {
  const framing = streamFraming(mode);
  const thoughts = wantsThoughts(context.client);
  const choices = new Map<number, ChoiceState>();
  let responseId = '';
  let failed = false;

  const response = (candidates: unknown[], usage?: TokenUsage) =>
    framing.event(JSON.stringify({ candidates, ...(usage ? { usageMetadata: metadataFromUsage(usage) } : {}), modelVersion: context.model, responseId: responseId || context.requestId }));

  /** The calls of a choice whose arguments are complete, as parts. */
  const takeCalls = (state: ChoiceState): AnswerPart[] => {
    const parts = [...state.calls.values()].map(functionCallPart);
    state.calls.clear();
    return parts;
  };

  return {
    chunk(payload) {
      const chunk = parseHubChunk(payload);
      if (failed || !chunk) return '';
      if (chunk.error) {
        failed = true;
        const { message, type, code } = failureOf(chunk.error);
        return framing.event(JSON.stringify(googleError(statusOfErrorType(type, code), message)));
      }
      responseId ||= chunk.id ?? '';
      const candidates: unknown[] = [];
      for (const [position, choice] of (chunk.choices ?? []).entries()) {
        const index = choice.index ?? position;
        const state: ChoiceState = choices.get(index) ?? { calls: new Map() };
        choices.set(index, state);
        const parts: AnswerPart[] = [];
        const reasoning = textOf(choice.delta?.reasoning_content);
        if (thoughts && reasoning) parts.push({ text: reasoning, thought: true });
        const text = textOf(choice.delta?.content);
        if (text) parts.push({ text });
        for (const delta of choice.delta?.tool_calls ?? []) {
          const at = delta.index ?? 0;
          // A new call means the ones before it are complete.
          if (!state.calls.has(at)) parts.push(...takeCalls(state));
          const call = state.calls.get(at) ?? { function: { name: '', arguments: '' } };
          if (delta.id) call.id = delta.id;
          if (delta.function?.name) call.function.name = delta.function.name;
          call.function.arguments = (call.function.arguments ?? '') + (delta.function?.arguments ?? '');
          if (delta.extra_content) call.extra_content = delta.extra_content;
          state.calls.set(at, call);
        }
        if (choice.finish_reason) {
          state.finish = choice.finish_reason;
          parts.push(...takeCalls(state));
        }
        if (parts.length > 0) candidates.push({ content: { parts, role: 'model' }, index });
      }
      return candidates.length > 0 ? response(candidates) : '';
    },

    close(usage) {
      if (failed) return framing.close();
      if (choices.size === 0) choices.set(0, { calls: new Map() });
      const candidates = [...choices.entries()].map(([index, state]) => {
        const parts = takeCalls(state);
        return { content: { parts: parts.length > 0 ? parts : EMPTY, role: 'model' }, ...(state.finish ? { finishReason: finishReasonOf(state.finish) } : {}), index };
      });
      return response(candidates, usage) + framing.close();
    },

    keepAlive: framing.keepAlive,
  };
}
