import type { StreamEvent, StreamParser } from '../adaptor.js';
import { reportedUsage } from '../anthropic/usage.js';
import { newId } from '../ollama/response.js';
import { finishReason, openAIUsage, toolCalls } from './response.js';
import type { CohereStreamEvent } from './wire-types.js';

/**
 * Cohere's v1 chat stream (reference providers.md 12.1) as OpenAI chunks. It is NDJSON, not SSE:
 * stream-start, text-generation deltas, tool-calls-generation with whole calls, and stream-end carrying the
 * finish reason and the full response with its usage. Other events (search, citations) carry no text.
 * Docs: https://docs.cohere.com/v1/docs/streaming
 */
export interface StreamOptions {
  model: string;
  created: number;
  /** The client asked for `stream_options.include_usage`: a last chunk with no choices carries usage. */
  includeUsage: boolean;
}

const NOTHING: StreamEvent = { forward: [], text: '' };

export function cohereStreamParser(options: StreamOptions): StreamParser {
  let id = newId('chatcmpl-');
  let started = false;
  let calls = 0;
  let finished = false;

  const base = () => ({ id, object: 'chat.completion.chunk', created: options.created, model: options.model });
  const chunk = (delta: Record<string, unknown>, finish: string | null = null) => JSON.stringify({ ...base(), choices: [{ index: 0, delta, finish_reason: finish }] });
  const delta = (fields: Record<string, unknown>) => {
    const first = started ? {} : { role: 'assistant' };
    started = true;
    return chunk({ ...first, ...fields });
  };

  function onEvent(event: CohereStreamEvent): StreamEvent {
    switch (event.event_type) {
      case 'stream-start':
        if (event.generation_id) id = `chatcmpl-${event.generation_id}`;
        return NOTHING;
      case 'text-generation':
        return event.text ? { forward: [delta({ content: event.text })], text: event.text } : NOTHING;
      case 'tool-calls-generation': {
        const converted = toolCalls(event.tool_calls).map((call) => ({ index: calls++, ...call }));
        if (converted.length === 0) return NOTHING;
        return { forward: [delta({ content: '', tool_calls: converted })], text: converted.map((call) => call.function.arguments).join('') };
      }
      case 'stream-end':
        return end(event);
      default:
        return NOTHING;
    }
  }

  function end(event: CohereStreamEvent): StreamEvent {
    finished = true;
    const usage = openAIUsage(event.response);
    const forward = started ? [] : [delta({ content: '' })];
    forward.push(chunk({}, finishReason(event.finish_reason ?? event.response?.finish_reason, calls > 0)));
    if (options.includeUsage) forward.push(JSON.stringify({ ...base(), choices: [], usage }));
    return { forward: [...forward, '[DONE]'], text: '', usage: reportedUsage(usage), done: true };
  }

  return {
    framing: 'ndjson',
    event(data: string): StreamEvent {
      if (finished) return NOTHING;
      try {
        return onEvent(JSON.parse(data) as CohereStreamEvent);
      } catch {
        return NOTHING;
      }
    },
  };
}
