import type { StreamEvent, StreamParser } from '../adaptor.js';
import { reportedUsage } from '../anthropic/usage.js';
import { finishReason, newId, openAIUsage, toolCalls } from './response.js';
import { streamError } from './upstream-error.js';
import type { OllamaChatResponse } from './wire-types.js';

/**
 * Ollama's NDJSON stream (reference providers.md 16) as OpenAI chunks: each line carries a content delta,
 * a tool call arrives whole in one line, and the `done:true` line carries the finish reason and usage.
 * Docs: https://github.com/ollama/ollama/blob/main/docs/api.md#generate-a-chat-completion
 */
export interface StreamOptions {
  model: string;
  created: number;
  /** The client asked for `stream_options.include_usage`: a last chunk with no choices carries usage. */
  includeUsage: boolean;
}

const NOTHING: StreamEvent = { forward: [], text: '' };

export function ollamaStreamParser(options: StreamOptions): StreamParser {
  const id = newId('chatcmpl-');
  let started = false;
  let calls = 0;
  let finished = false;

  const base = () => ({ id, object: 'chat.completion.chunk', created: options.created, model: options.model });
  const chunk = (delta: Record<string, unknown>, finish: string | null = null) => JSON.stringify({ ...base(), choices: [{ index: 0, delta, finish_reason: finish }] });

  function onLine(line: OllamaChatResponse): StreamEvent {
    if (typeof line.error === 'string') {
      finished = true;
      return { forward: [JSON.stringify({ error: streamError(line.error) })], text: '', done: true };
    }
    const forward: string[] = [];
    const content = line.message?.content ?? '';
    const lineCalls = toolCalls(line).map((call) => ({ index: calls++, ...call }));
    if (content || lineCalls.length > 0 || !started) {
      forward.push(chunk({ ...(started ? {} : { role: 'assistant' }), content, ...(lineCalls.length > 0 ? { tool_calls: lineCalls } : {}) }));
      started = true;
    }
    const text = content + lineCalls.map((call) => call.function.arguments).join('');
    if (!line.done) return { forward, text };
    finished = true;
    const usage = openAIUsage(line);
    forward.push(chunk({}, finishReason(line.done_reason, calls > 0)));
    if (options.includeUsage) forward.push(JSON.stringify({ ...base(), choices: [], usage }));
    return { forward: [...forward, '[DONE]'], text, usage: reportedUsage(usage), done: true };
  }

  return {
    framing: 'ndjson',
    event(data: string): StreamEvent {
      if (finished) return NOTHING;
      try {
        return onLine(JSON.parse(data) as OllamaChatResponse);
      } catch {
        return NOTHING;
      }
    },
  };
}
