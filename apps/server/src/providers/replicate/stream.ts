import type { StreamEvent, StreamParser } from '../adaptor.js';
import { reportedUsage, type OpenAIUsage } from '../anthropic/usage.js';
import { NOTHING, jsonStreamEvents } from '../json-stream-events.js';
import { newId } from '../ollama/response.js';
import { chatChunk, finishChunk, usageChunk, type ConvertedStreamOptions } from '../openai-chunks.js';
import type { ReframedEvent } from './wire-types.js';

/**
 * The re-framed prediction stream (see `ReframedEvent`) as OpenAI chunks: each `output` token a content
 * delta, `done` the stop chunk, then usage when the client asked for it and the model counted its tokens,
 * then [DONE]. An `error` event ends the stream with an OpenAI error object.
 */
export function replicateStreamParser(options: ConvertedStreamOptions): StreamParser {
  const head = { id: newId('chatcmpl-'), created: options.created, model: options.model };
  let started = false;
  let finished = false;
  let usage: OpenAIUsage | undefined;

  const finish = (forward: string[]): StreamEvent => {
    finished = true;
    const tail = options.includeUsage && usage ? [usageChunk(head, usage)] : [];
    return { forward: [...forward, ...tail, '[DONE]'], text: '', usage: usage && reportedUsage(usage), done: true };
  };

  function onEvent(event: ReframedEvent): StreamEvent {
    switch (event.event) {
      case 'output': {
        if (!event.text && started) return NOTHING;
        const forward = [chatChunk(head, { ...(started ? {} : { role: 'assistant' }), content: event.text })];
        started = true;
        return { forward, text: event.text };
      }
      case 'usage':
        usage = { prompt_tokens: event.input_token_count, completion_tokens: event.output_token_count, total_tokens: event.input_token_count + event.output_token_count };
        return NOTHING;
      case 'error':
        return finish([JSON.stringify({ error: { message: event.message, type: 'upstream_error', code: 'prediction_failed' } })]);
      case 'done':
        return finish([...(started ? [] : [chatChunk(head, { role: 'assistant', content: '' })]), finishChunk(head, 'stop')]);
    }
  }

  return {
    framing: 'ndjson',
    event: jsonStreamEvents<ReframedEvent>(() => finished, onEvent),
    end: () => (finished ? NOTHING : finish([finishChunk(head, 'stop')])),
  };
}
