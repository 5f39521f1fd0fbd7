import type { StreamEvent, StreamParser } from '../adaptor.js';
import { reportedUsage } from '../anthropic/usage.js';
import { NOTHING, jsonStreamEvents } from '../json-stream-events.js';
import type { ReportedUsage } from '../openai/response-usage.js';
import { newId } from '../ollama/response.js';
import { chatChunk, usageChunk, type ConvertedStreamOptions } from '../openai-chunks.js';
import { finishReason, openAIUsage, toolCalls } from './response.js';
import { hunyuanRefusal } from './upstream-error.js';
import type { HunyuanAnswer } from './wire-types.js';

/**
 * Hunyuan's SSE stream (reference providers.md 11.4): `data: {…}` events without the `Response` wrapper,
 * each with `Choices[].Delta` and `FinishReason` "" until the last; `Usage` rides on the events, the last
 * one cumulative; no `[DONE]`. An `Error` event ends the stream with an OpenAI error chunk.
 * Docs: https://cloud.tencent.com/document/api/1729/105701
 */
export function hunyuanStreamParser(options: ConvertedStreamOptions): StreamParser {
  const head = { id: newId('chatcmpl-'), created: options.created, model: options.model };
  let started = false;
  let finished = false;
  let calls = 0;
  let usage: ReportedUsage | undefined;

  function onEvent(event: HunyuanAnswer): StreamEvent {
    if (event.Error) {
      finished = true;
      return { forward: [JSON.stringify({ error: hunyuanRefusal(event.Error).error })], text: '', done: true };
    }
    if (!started && event.Id) head.id = `chatcmpl-${event.Id}`;
    usage = reportedUsage(openAIUsage(event.Usage)) ?? usage;
    const choice = event.Choices?.[0];
    const content = choice?.Delta?.Content ?? '';
    const deltaCalls = toolCalls(choice?.Delta?.ToolCalls).map((call, position) => ({ index: choice?.Delta?.ToolCalls?.[position]?.Index ?? calls + position, ...call }));
    calls += deltaCalls.length;
    const finish = finishReason(choice?.FinishReason);
    const delta = { ...(started ? {} : { role: 'assistant' }), content, ...(deltaCalls.length > 0 ? { tool_calls: deltaCalls } : {}) };
    started = true;
    const forward = [chatChunk(head, delta, finish)];
    const text = content + deltaCalls.map((call) => call.function.arguments).join('');
    // Each event's usage is reported, so a stream broken off (which never reaches `end`) bills what was counted.
    if (!finish) return { forward, text, ...(usage ? { usage } : {}) };
    finished = true;
    if (options.includeUsage && usage) forward.push(usageChunk(head, { prompt_tokens: usage.promptTokens, completion_tokens: usage.completionTokens, total_tokens: usage.totalTokens }));
    return { forward: [...forward, '[DONE]'], text, usage, done: true };
  }

  const events = jsonStreamEvents<HunyuanAnswer>(() => finished, onEvent);
  return {
    framing: 'sse',
    event: (data: string): StreamEvent => (data === '[DONE]' ? NOTHING : events(data)),
    // A stream cut before its FinishReason still reports the usage seen so far.
    end: () => (finished ? NOTHING : { forward: [], text: '', usage }),
  };
}
