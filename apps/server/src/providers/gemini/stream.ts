import type { StreamEvent, StreamParser } from '../adaptor.js';
import { reportedUsage } from '../anthropic/usage.js';
import { NOTHING } from '../json-stream-events.js';
import { chatChunk, finishChunk, usageChunk, type ConvertedStreamOptions } from '../openai-chunks.js';
import { finishReason } from './finish-reason.js';
import { openAILogprobs } from './logprobs.js';
import { answerText, newResponseId, thoughtText, toolCalls } from './response.js';
import { streamError } from './upstream-error.js';
import { openAIUsage } from './usage.js';
import type { GeminiResponse, UsageMetadata } from './wire-types.js';

/**
 * Gemini's `streamGenerateContent?alt=sse` (reference providers.md 3.4) as OpenAI chunks. Every event is
 * a whole GenerateContentResponse whose text parts are deltas; a function call comes whole in one event;
 * usageMetadata is cumulative, so the last one wins (each is reported, for a stream cut short); there is no
 * terminator, so `end` closes the stream.
 * Thought parts (asked for with includeThoughts) become the hub's `reasoning_content` deltas.
 * Docs: https://ai.google.dev/api/generate-content#method:-models.streamgeneratecontent
 */
export function geminiStreamParser(options: ConvertedStreamOptions): StreamParser {
  // The id comes with the first response.
  const head = { id: '', created: options.created, model: options.model };
  let usage: UsageMetadata | undefined;
  let finished = false;
  const started = new Set<number>();
  const callCounts = new Map<number, number>();

  const finish = (forward: string[]): StreamEvent => {
    finished = true;
    const tail = options.includeUsage ? [usageChunk(head, openAIUsage(usage))] : [];
    return { forward: [...tail, ...forward], text: '', usage: reportedUsage(openAIUsage(usage)), done: true };
  };

  function onResponse(response: GeminiResponse): StreamEvent {
    head.id ||= response.responseId ? `chatcmpl-${response.responseId}` : newResponseId();
    usage = response.usageMetadata ?? usage;
    const forward: string[] = [];
    let text = '';
    for (const [position, candidate] of (response.candidates ?? []).entries()) {
      const index = candidate.index ?? position;
      const parts = candidate.content?.parts ?? [];
      // The first chunk of each choice names the role, as OpenAI's do.
      const role = started.has(index) ? {} : { role: 'assistant' };
      started.add(index);
      const delta = answerText(parts);
      const thoughts = thoughtText(parts);
      const calls = toolCalls(parts).map((call) => {
        const callIndex = callCounts.get(index) ?? 0;
        callCounts.set(index, callIndex + 1);
        return { index: callIndex, ...call };
      });
      if (delta || thoughts || calls.length > 0 || Object.keys(role).length > 0) {
        const reasoning = thoughts ? { reasoning_content: thoughts } : {};
        forward.push(chatChunk(head, { ...role, content: delta, ...reasoning, ...(calls.length > 0 ? { tool_calls: calls } : {}) }, null, index, openAILogprobs(candidate.logprobsResult)));
        text += thoughts + delta + calls.map((call) => call.function.arguments).join('');
      }
      const reason = finishReason(candidate.finishReason, (callCounts.get(index) ?? 0) > 0);
      if (reason) forward.push(finishChunk(head, reason, index));
    }
    if (!response.candidates?.length && response.promptFeedback?.blockReason) forward.push(chatChunk(head, { role: 'assistant', content: '' }, 'content_filter'));
    // The running counts bill a stream cut short; the last event's are final.
    return { forward, text, ...(response.usageMetadata ? { usage: reportedUsage(openAIUsage(usage)) } : {}) };
  }

  return {
    framing: 'sse',
    event(data: string): StreamEvent {
      if (finished) return NOTHING;
      let response: GeminiResponse;
      try {
        response = JSON.parse(data) as GeminiResponse;
      } catch {
        return NOTHING;
      }
      if (response.error) return finish([JSON.stringify({ error: streamError(response.error) })]);
      return onResponse(response);
    },
    // Gemini just closes the connection: the usage chunk and [DONE] come from here.
    end: () => (finished ? NOTHING : finish(['[DONE]'])),
  };
}
