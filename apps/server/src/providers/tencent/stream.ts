import type { StreamEvent, StreamParser } from '../adaptor.js';
import { reportedUsage } from '../anthropic/usage.js';
import type { ReportedUsage } from '../openai/response-usage.js';
import { newId } from '../ollama/response.js';
import { finishReason, openAIUsage, toolCalls } from './response.js';
import { hunyuanRefusal } from './upstream-error.js';
import type { HunyuanAnswer } from './wire-types.js';

/**
 * Hunyuan's SSE stream (reference providers.md 11.4): `data: {…}` events without the `Response` wrapper,
 * each with `Choices[].Delta` and `FinishReason` "" until the last; `Usage` rides on the events, the last
 * one cumulative; no `[DONE]`. An `Error` event ends the stream with an OpenAI error chunk.
 * Docs: https://cloud.tencent.com/document/api/1729/105701
 */
export interface StreamOptions {
  model: string;
  created: number;
  /** The client asked for `stream_options.include_usage`: a last chunk with no choices carries usage. */
  includeUsage: boolean;
}

const NOTHING: StreamEvent = { forward: [], text: '' };

export function hunyuanStreamParser(options: StreamOptions): StreamParser {
  let id = newId('chatcmpl-');
  let started = false;
  let finished = false;
  let calls = 0;
  let usage: ReportedUsage | undefined;

  const base = () => ({ id, object: 'chat.completion.chunk', created: options.created, model: options.model });

  function onEvent(event: HunyuanAnswer): StreamEvent {
    if (event.Error) {
      finished = true;
      return { forward: [JSON.stringify({ error: hunyuanRefusal(event.Error).error })], text: '', done: true };
    }
    if (!started && event.Id) id = `chatcmpl-${event.Id}`;
    usage = reportedUsage(openAIUsage(event.Usage)) ?? usage;
    const choice = event.Choices?.[0];
    const content = choice?.Delta?.Content ?? '';
    const deltaCalls = toolCalls(choice?.Delta?.ToolCalls).map((call, position) => ({ index: choice?.Delta?.ToolCalls?.[position]?.Index ?? calls + position, ...call }));
    calls += deltaCalls.length;
    const finish = finishReason(choice?.FinishReason);
    const delta = { ...(started ? {} : { role: 'assistant' }), content, ...(deltaCalls.length > 0 ? { tool_calls: deltaCalls } : {}) };
    started = true;
    const forward = [JSON.stringify({ ...base(), choices: [{ index: 0, delta, finish_reason: finish }] })];
    const text = content + deltaCalls.map((call) => call.function.arguments).join('');
    if (!finish) return { forward, text };
    finished = true;
    if (options.includeUsage && usage) forward.push(JSON.stringify({ ...base(), choices: [], usage: { prompt_tokens: usage.promptTokens, completion_tokens: usage.completionTokens, total_tokens: usage.totalTokens } }));
    return { forward: [...forward, '[DONE]'], text, usage, done: true };
  }

  return {
    framing: 'sse',
    event(data: string): StreamEvent {
      if (finished || data === '[DONE]') return NOTHING;
      try {
        return onEvent(JSON.parse(data) as HunyuanAnswer);
      } catch {
        return NOTHING;
      }
    },
    // A stream cut before its FinishReason still reports the usage seen so far.
    end: () => (finished ? NOTHING : { forward: [], text: '', usage }),
  };
}
