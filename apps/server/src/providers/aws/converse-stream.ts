import type { StreamEvent, StreamParser } from '../adaptor.js';
import { NOTHING, jsonStreamEvents } from '../json-stream-events.js';
import { chatChunk, finishChunk, usageChunk, type ConvertedStreamOptions } from '../openai-chunks.js';
import type { ReportedUsage } from '../openai/response-usage.js';
import { converseFinishReason, converseUsage, openAIUsageOf, type ConverseUsage } from './converse-response.js';

/** One ConverseStream event as the exchange re-frames it: `{"<event-type>": <payload>}`. */
interface ConverseEvent {
  messageStart?: { role?: string };
  contentBlockStart?: { contentBlockIndex?: number; start?: { toolUse?: { toolUseId?: string; name?: string } } };
  contentBlockDelta?: { contentBlockIndex?: number; delta?: { text?: string; toolUse?: { input?: string }; reasoningContent?: { text?: string } } };
  contentBlockStop?: { contentBlockIndex?: number };
  messageStop?: { stopReason?: string };
  metadata?: { usage?: ConverseUsage };
}

/** Bedrock names no answer id, so the adaptor makes one. */
export interface ConverseStreamOptions extends ConvertedStreamOptions {
  id: string;
}

/**
 * ConverseStream's events as OpenAI chunks. The usage (`metadata`) comes before or after `messageStop`
 * depending on the recording, so the answer closes once both arrived, or when the stream ends.
 */
export function converseStreamParser(options: ConverseStreamOptions): StreamParser {
  const toolIndexes = new Map<number, number>();
  let usage: ReportedUsage | undefined;
  let stopped = false;
  let counted = false;
  let finished = false;
  const close = (forward: string[], complete: boolean): StreamEvent => {
    finished = true;
    const tail = options.includeUsage ? [usageChunk(options, openAIUsageOf(usage))] : [];
    return { forward: [...forward, ...tail, ...(complete ? ['[DONE]'] : [])], text: '', usage, done: complete };
  };
  const closeIfComplete = (forward: string[]): StreamEvent => (stopped && counted ? close(forward, true) : { forward, text: '' });

  function onEvent(event: ConverseEvent): StreamEvent {
    if (event.messageStart) return { forward: [chatChunk(options, { role: 'assistant', content: '' })], text: '' };
    const start = event.contentBlockStart;
    if (start?.start?.toolUse) {
      const index = start.contentBlockIndex ?? -1;
      toolIndexes.set(index, toolIndexes.size);
      const call = { index: toolIndexes.get(index), id: start.start.toolUse.toolUseId ?? '', type: 'function', function: { name: start.start.toolUse.name ?? '', arguments: '' } };
      return { forward: [chatChunk(options, { tool_calls: [call] })], text: '' };
    }
    const delta = event.contentBlockDelta;
    if (delta?.delta?.text) return { forward: [chatChunk(options, { content: delta.delta.text })], text: delta.delta.text };
    if (delta?.delta?.reasoningContent?.text) return { forward: [chatChunk(options, { reasoning_content: delta.delta.reasoningContent.text })], text: delta.delta.reasoningContent.text };
    if (delta?.delta?.toolUse?.input) {
      const input = delta.delta.toolUse.input;
      return { forward: [chatChunk(options, { tool_calls: [{ index: toolIndexes.get(delta.contentBlockIndex ?? -1) ?? 0, function: { arguments: input } }] })], text: input };
    }
    if (event.messageStop) {
      stopped = true;
      return closeIfComplete([finishChunk(options, converseFinishReason(event.messageStop.stopReason) ?? 'stop')]);
    }
    if (event.metadata) {
      counted = true;
      usage = converseUsage(event.metadata.usage) ?? usage;
      return closeIfComplete([]);
    }
    return NOTHING;
  }

  return {
    framing: 'ndjson',
    event: jsonStreamEvents<ConverseEvent>(() => finished, onEvent),
    // The stream ended before both the stop and the usage came: close with what was reported.
    end: () => (finished ? NOTHING : close([], false)),
  };
}
