import type { StreamEvent, StreamParser } from '../adaptor.js';
import { reportedUsage } from '../anthropic/usage.js';
import { jsonStreamEvents } from '../json-stream-events.js';
import { chatChunk, finishChunk, usageChunk, type ConvertedStreamOptions } from '../openai-chunks.js';
import { finishReason, newId, openAILogprobs, openAIUsage, toolCalls } from './response.js';
import { streamError } from './upstream-error.js';
import type { OllamaChatResponse } from './wire-types.js';

/**
 * Ollama's NDJSON stream (reference providers.md 16) as OpenAI chunks: each line carries a content delta,
 * a tool call arrives whole in one line, and the `done:true` line carries the finish reason and usage.
 * Docs: https://github.com/ollama/ollama/blob/main/docs/api.md#generate-a-chat-completion
 */
export function ollamaStreamParser(options: ConvertedStreamOptions): StreamParser {
  const head = { id: newId('chatcmpl-'), created: options.created, model: options.model };
  let started = false;
  let calls = 0;
  let finished = false;

  function onLine(line: OllamaChatResponse): StreamEvent {
    if (typeof line.error === 'string') {
      finished = true;
      return { forward: [JSON.stringify({ error: streamError(line.error) })], text: '', done: true };
    }
    const forward: string[] = [];
    const content = line.message?.content ?? '';
    const lineCalls = toolCalls(line).map((call) => ({ index: calls++, ...call }));
    if (content || lineCalls.length > 0 || !started) {
      forward.push(chatChunk(head, { ...(started ? {} : { role: 'assistant' }), content, ...(lineCalls.length > 0 ? { tool_calls: lineCalls } : {}) }, null, 0, openAILogprobs(line)));
      started = true;
    }
    const text = content + lineCalls.map((call) => call.function.arguments).join('');
    if (!line.done) return { forward, text };
    finished = true;
    const usage = openAIUsage(line);
    forward.push(finishChunk(head, finishReason(line.done_reason, calls > 0)));
    if (options.includeUsage) forward.push(usageChunk(head, usage));
    return { forward: [...forward, '[DONE]'], text, usage: reportedUsage(usage), done: true };
  }

  return {
    framing: 'ndjson',
    event: jsonStreamEvents<OllamaChatResponse>(() => finished, onLine),
  };
}
