import type { StreamEvent, StreamParser } from '../adaptor.js';
import { NOTHING, jsonStreamEvents } from '../json-stream-events.js';
import { chatChunk, finishChunk, usageChunk, type ConvertedStreamOptions } from '../openai-chunks.js';
import { llamaFinishReason, llamaOpenAIUsage, llamaUsage, type LlamaAnswer } from './llama-response.js';

/** Bedrock names no answer id, so the adaptor makes one. */
export interface LlamaStreamOptions extends ConvertedStreamOptions {
  id: string;
}

/**
 * Llama 3's streamed chunks (one JSON object per line once the event stream is re-framed) as OpenAI
 * chunks. The prompt count comes in the first chunk, the generation count grows chunk by chunk, and the
 * last chunk has the stop reason and Bedrock's invocation metrics, which win when present.
 */
export function llamaStreamParser(options: LlamaStreamOptions): StreamParser {
  let prompt = 0;
  let completion = 0;
  let started = false;
  let finished = false;
  /** The chunks that close the answer; `[DONE]` only when the stream really ended, else the relay adds it. */
  const finish = (forward: string[], complete: boolean): StreamEvent => {
    finished = true;
    const usage = llamaUsage(prompt, completion);
    const tail = options.includeUsage ? [usageChunk(options, llamaOpenAIUsage(usage))] : [];
    return { forward: [...forward, ...tail, ...(complete ? ['[DONE]'] : [])], text: '', usage, done: complete };
  };

  function onChunk(answer: LlamaAnswer): StreamEvent {
    if (typeof answer.prompt_token_count === 'number') prompt = answer.prompt_token_count;
    if (typeof answer.generation_token_count === 'number') completion = Math.max(completion, answer.generation_token_count);
    const metrics = answer['amazon-bedrock-invocationMetrics'];
    if (typeof metrics?.inputTokenCount === 'number') prompt = metrics.inputTokenCount;
    if (typeof metrics?.outputTokenCount === 'number') completion = metrics.outputTokenCount;
    const text = answer.generation ?? '';
    const forward: string[] = [];
    if (text || !started) forward.push(chatChunk(options, started ? { content: text } : { role: 'assistant', content: text }));
    started = true;
    const reason = llamaFinishReason(answer.stop_reason);
    if (!reason) return { forward, text };
    const last = finish([...forward, finishChunk(options, reason)], true);
    return { ...last, text };
  }

  return {
    framing: 'ndjson',
    event: jsonStreamEvents<LlamaAnswer>(() => finished, onChunk),
    // The stream broke off before its stop reason: still bill what was reported.
    end: () => (finished ? NOTHING : finish([], false)),
  };
}
