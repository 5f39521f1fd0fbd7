import type { StreamEvent, StreamParser } from '../adaptor.js';
import { reportedUsage, type OpenAIUsage } from '../anthropic/usage.js';
import { newId } from '../ollama/response.js';
import type { ReframedEvent } from './wire-types.js';

/**
 * The re-framed prediction stream (see `ReframedEvent`) as OpenAI chunks: each `output` token a content
 * delta, `done` the stop chunk, then usage when the client asked for it and the model counted its tokens,
 * then [DONE]. An `error` event ends the stream with an OpenAI error object.
 */
export interface StreamOptions {
  model: string;
  created: number;
  includeUsage: boolean;
}

const NOTHING: StreamEvent = { forward: [], text: '' };

export function replicateStreamParser(options: StreamOptions): StreamParser {
  const id = newId('chatcmpl-');
  let started = false;
  let finished = false;
  let usage: OpenAIUsage | undefined;

  const base = () => ({ id, object: 'chat.completion.chunk', created: options.created, model: options.model });
  const chunk = (delta: Record<string, unknown>, finish: string | null = null) => JSON.stringify({ ...base(), choices: [{ index: 0, delta, finish_reason: finish }] });
  const finish = (forward: string[]): StreamEvent => {
    finished = true;
    const tail = options.includeUsage && usage ? [JSON.stringify({ ...base(), choices: [], usage })] : [];
    return { forward: [...forward, ...tail, '[DONE]'], text: '', usage: usage && reportedUsage(usage), done: true };
  };

  function onEvent(event: ReframedEvent): StreamEvent {
    switch (event.event) {
      case 'output': {
        if (!event.text && started) return NOTHING;
        const forward = [chunk({ ...(started ? {} : { role: 'assistant' }), content: event.text })];
        started = true;
        return { forward, text: event.text };
      }
      case 'usage':
        usage = { prompt_tokens: event.input_token_count, completion_tokens: event.output_token_count, total_tokens: event.input_token_count + event.output_token_count };
        return NOTHING;
      case 'error':
        return finish([JSON.stringify({ error: { message: event.message, type: 'upstream_error', code: 'prediction_failed' } })]);
      case 'done':
        return finish([...(started ? [] : [chunk({ role: 'assistant', content: '' })]), chunk({}, 'stop')]);
    }
  }

  return {
    framing: 'ndjson',
    event(data: string): StreamEvent {
      if (finished) return NOTHING;
      try {
        return onEvent(JSON.parse(data) as ReframedEvent);
      } catch {
        return NOTHING;
      }
    },
    end: () => (finished ? NOTHING : finish([chunk({}, 'stop')])),
  };
}
