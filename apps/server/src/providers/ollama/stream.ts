import type { StreamEvent, StreamParser } from '../adaptor.js';
import { convertedStream } from '../converted-stream.js';
import { jsonStreamEvents } from '../json-stream-events.js';
import type { ConvertedStreamOptions } from '../openai-chunks.js';
import { finishReason, openAILogprobs, openAIUsage, toolCalls } from './response.js';
import { streamError } from './upstream-error.js';
import type { OllamaChatResponse } from './wire-types.js';

/**
 * Ollama's NDJSON stream (reference providers.md 16) as OpenAI chunks: each line carries a content delta,
 * a tool call arrives whole in one line, and the `done:true` line carries the finish reason and usage.
 * Docs: https://github.com/ollama/ollama/blob/main/docs/api.md#generate-a-chat-completion
 */
export function ollamaStreamParser(options: ConvertedStreamOptions): StreamParser {
  const answer = convertedStream(options);
  let finished = false;

  function onLine(line: OllamaChatResponse): StreamEvent {
    if (typeof line.error === 'string') {
      finished = true;
      return { forward: [JSON.stringify({ error: streamError(line.error) })], text: '', done: true };
    }
    const forward: string[] = [];
    const content = line.message?.content ?? '';
    const lineCalls = answer.numbered(toolCalls(line));
    if (content || lineCalls.length > 0 || !answer.started()) forward.push(answer.delta({ content, ...(lineCalls.length > 0 ? { tool_calls: lineCalls } : {}) }, openAILogprobs(line)));
    const text = content + lineCalls.map((call) => call.function.arguments).join('');
    if (!line.done) return { forward, text };
    finished = true;
    return answer.close(forward, finishReason(line.done_reason, answer.calledTools()), openAIUsage(line), text);
  }

  return {
    framing: 'ndjson',
    event: jsonStreamEvents<OllamaChatResponse>(() => finished, onLine),
  };
}
