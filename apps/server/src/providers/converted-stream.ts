import type { StreamEvent } from './adaptor.js';
import { reportedUsage, type OpenAIUsage } from './anthropic/usage.js';
import { newId } from './ollama/response.js';
import { chatChunk, finishChunk, usageChunk, type ChunkHead, type ConvertedStreamOptions } from './openai-chunks.js';

/**
 * The OpenAI chunks of one converted answer, for the stream parsers whose upstream sends deltas and whole
 * tool calls and closes with the finish reason and the usage (Cohere, Ollama, Spark). Clients read the role
 * from the first delta only and key tool calls by an index unique within the answer, so both are kept here
 * and not in every parser; the close is what OpenAI sends last.
 */
export interface ConvertedStream {
  /** The id is the upstream's own when it names one before the first delta. */
  head: ChunkHead;
  started(): boolean;
  calledTools(): boolean;
  /** A delta of the first choice; the first one carries the role. */
  delta(fields: Record<string, unknown>, logprobs?: unknown): string;
  /** Whole tool calls, numbered after the calls already sent. */
  numbered<T extends object>(calls: T[]): (T & { index: number })[];
  /** The last event: an empty delta when nothing was said, the finish chunk, the usage chunk when asked for, [DONE]. */
  close(forward: string[], finishReason: string, usage: OpenAIUsage | undefined, text: string): StreamEvent;
}

export function convertedStream(options: ConvertedStreamOptions): ConvertedStream {
  const head = { id: newId('chatcmpl-'), created: options.created, model: options.model };
  let started = false;
  let calls = 0;

  const delta = (fields: Record<string, unknown>, logprobs?: unknown): string => {
    const first = started ? {} : { role: 'assistant' };
    started = true;
    return chatChunk(head, { ...first, ...fields }, null, 0, logprobs);
  };

  return {
    head,
    started: () => started,
    calledTools: () => calls > 0,
    delta,
    numbered: (list) => list.map((call) => ({ index: calls++, ...call })),
    close(forward, finishReason, usage, text) {
      if (!started) forward.push(delta({ content: '' }));
      forward.push(finishChunk(head, finishReason));
      if (options.includeUsage && usage) forward.push(usageChunk(head, usage));
      return { forward: [...forward, '[DONE]'], text, usage: usage && reportedUsage(usage), done: true };
    },
  };
}
