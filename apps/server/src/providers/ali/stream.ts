import type { StreamEvent, StreamParser } from '../adaptor.js';
import { reportedUsage } from '../anthropic/usage.js';
import { NOTHING } from '../json-stream-events.js';
import { newId } from '../ollama/response.js';
import { chatChunk, finishChunk, usageChunk, type ConvertedStreamOptions } from '../openai-chunks.js';
import { choiceText, finishReason, openAIUsage } from './response.js';
import { streamError } from './upstream-error.js';
import type { DashScopeChatResponse, DashScopeToolCall, DashScopeUsage } from './wire-types.js';

/**
 * DashScope's SSE stream (reference providers.md 8.4) as OpenAI chunks. Usage is repeated, cumulative, on
 * every frame, so the last one is kept (and reported, for a stream cut short); finish_reason is the string "null" until the last frame; there is
 * no [DONE]. Without incremental output each frame holds the whole text so far and is diffed into deltas.
 * Docs: https://www.alibabacloud.com/help/en/model-studio/use-qwen-by-calling-api
 */
export interface StreamOptions extends ConvertedStreamOptions {
  /** Frames carry deltas (`incremental_output: true`) rather than the text so far. */
  incremental: boolean;
}

/** OpenAI's tool-call delta: only the fields the frame has. */
const callDelta = (call: DashScopeToolCall, position: number) => ({
  index: call.index ?? position,
  ...(call.id ? { id: call.id, type: 'function' } : {}),
  function: { ...(call.function?.name ? { name: call.function.name } : {}), arguments: call.function?.arguments ?? '' },
});

export function dashScopeStreamParser(options: StreamOptions): StreamParser {
  // The id comes with the first frame.
  const head = { id: '', created: options.created, model: options.model };
  let usage: DashScopeUsage | undefined;
  let started = false;
  let calledTools = false;
  let seen = '';
  let finished = false;

  const finish = (forward: string[]): StreamEvent => {
    finished = true;
    const tail = options.includeUsage ? [usageChunk(head, openAIUsage(usage))] : [];
    return { forward: [...forward, ...tail, '[DONE]'], text: '', usage: reportedUsage(openAIUsage(usage)), done: true };
  };

  function onFrame(frame: DashScopeChatResponse): StreamEvent {
    head.id ||= frame.request_id ? `chatcmpl-${frame.request_id}` : newId('chatcmpl-');
    usage = frame.usage ?? usage;
    const choice = frame.output?.choices?.[0];
    const reason = choice?.finish_reason ?? frame.output?.finish_reason;
    let text = choiceText(choice);
    if (!options.incremental) {
      const whole = text;
      text = whole.startsWith(seen) ? whole.slice(seen.length) : whole;
      seen = whole;
    }
    // Cumulative frames repeat whole calls, so they are taken from the last frame only.
    const calls = options.incremental || finishReason(reason, false) ? (choice?.message?.tool_calls ?? []).map(callDelta) : [];
    calledTools ||= calls.length > 0;
    const forward: string[] = [];
    if (text || calls.length > 0 || !started) {
      forward.push(chatChunk(head, { ...(started ? {} : { role: 'assistant' }), content: text, ...(calls.length > 0 ? { tool_calls: calls } : {}) }));
      started = true;
    }
    const mapped = finishReason(reason, calledTools);
    if (mapped) forward.push(finishChunk(head, mapped));
    const generated = text + calls.map((call) => call.function.arguments).join('');
    if (mapped) return { ...finish(forward), text: generated };
    // Each frame's usage is reported, so a stream cut short bills what the upstream counted so far.
    return { forward, text: generated, ...(frame.usage ? { usage: reportedUsage(openAIUsage(usage)) } : {}) };
  }

  return {
    framing: 'sse',
    event(data: string): StreamEvent {
      if (finished) return NOTHING;
      let frame: DashScopeChatResponse;
      try {
        frame = JSON.parse(data) as DashScopeChatResponse;
      } catch {
        return NOTHING;
      }
      // An `event:error` frame holds only code and message.
      if (frame.code && !frame.output) return finish([JSON.stringify({ error: streamError(frame.code, frame.message ?? frame.code) })]);
      return onFrame(frame);
    },
    end: () => (finished ? NOTHING : finish([])),
  };
}
