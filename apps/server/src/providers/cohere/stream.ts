import type { StreamEvent, StreamParser } from '../adaptor.js';
import { reportedUsage } from '../anthropic/usage.js';
import { NOTHING, jsonStreamEvents } from '../json-stream-events.js';
import { newId } from '../ollama/response.js';
import { chatChunk, finishChunk, usageChunk, type ConvertedStreamOptions } from '../openai-chunks.js';
import { finishReason, openAIUsage, toolCalls } from './response.js';
import type { CohereStreamEvent } from './wire-types.js';

/**
 * Cohere's v1 chat stream (reference providers.md 12.1) as OpenAI chunks. It is NDJSON, not SSE:
 * stream-start, text-generation deltas, tool-calls-generation with whole calls, and stream-end carrying the
 * finish reason and the full response with its usage. Other events (search, citations) carry no text.
 * Docs: https://docs.cohere.com/v1/docs/streaming
 */
export function cohereStreamParser(options: ConvertedStreamOptions): StreamParser {
  const head = { id: newId('chatcmpl-'), created: options.created, model: options.model };
  let started = false;
  let calls = 0;
  let finished = false;

  const delta = (fields: Record<string, unknown>) => {
    const first = started ? {} : { role: 'assistant' };
    started = true;
    return chatChunk(head, { ...first, ...fields });
  };

  function onEvent(event: CohereStreamEvent): StreamEvent {
    switch (event.event_type) {
      case 'stream-start':
        if (event.generation_id) head.id = `chatcmpl-${event.generation_id}`;
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
    forward.push(finishChunk(head, finishReason(event.finish_reason ?? event.response?.finish_reason, calls > 0)));
    if (options.includeUsage) forward.push(usageChunk(head, usage));
    return { forward: [...forward, '[DONE]'], text: '', usage: reportedUsage(usage), done: true };
  }

  return {
    framing: 'ndjson',
    event: jsonStreamEvents<CohereStreamEvent>(() => finished, onEvent),
  };
}
