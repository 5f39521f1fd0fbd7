import type { StreamEvent, StreamParser } from '../adaptor.js';
import { convertedStream } from '../converted-stream.js';
import { NOTHING, jsonStreamEvents } from '../json-stream-events.js';
import type { ConvertedStreamOptions } from '../openai-chunks.js';
import { finishReason, openAIUsage, toolCalls } from './response.js';
import type { CohereStreamEvent } from './wire-types.js';

/**
 * Cohere's v1 chat stream (reference providers.md 12.1) as OpenAI chunks. It is NDJSON, not SSE:
 * stream-start, text-generation deltas, tool-calls-generation with whole calls, and stream-end carrying the
 * finish reason and the full response with its usage. Other events (search, citations) carry no text.
 * Docs: https://docs.cohere.com/v1/docs/streaming
 */
export function cohereStreamParser(options: ConvertedStreamOptions): StreamParser {
  const answer = convertedStream(options);
  let finished = false;

  function onEvent(event: CohereStreamEvent): StreamEvent {
    switch (event.event_type) {
      case 'stream-start':
        if (event.generation_id) answer.head.id = `chatcmpl-${event.generation_id}`;
        return NOTHING;
      case 'text-generation':
        return event.text ? { forward: [answer.delta({ content: event.text })], text: event.text } : NOTHING;
      case 'tool-calls-generation': {
        const converted = answer.numbered(toolCalls(event.tool_calls));
        if (converted.length === 0) return NOTHING;
        return { forward: [answer.delta({ content: '', tool_calls: converted })], text: converted.map((call) => call.function.arguments).join('') };
      }
      case 'stream-end':
        return end(event);
      default:
        return NOTHING;
    }
  }

  function end(event: CohereStreamEvent): StreamEvent {
    finished = true;
    return answer.close([], finishReason(event.finish_reason ?? event.response?.finish_reason, answer.calledTools()), openAIUsage(event.response), '');
  }

  return {
    framing: 'ndjson',
    event: jsonStreamEvents<CohereStreamEvent>(() => finished, onEvent),
  };
}
