import type { StreamEvent, StreamParser } from '../adaptor.js';
import { NOTHING, jsonStreamEvents } from '../json-stream-events.js';
import { chatChunk, finishChunk, usageChunk, type ConvertedStreamOptions } from '../openai-chunks.js';
import { finishReason } from './finish-reason.js';
import { STRUCTURED_OUTPUT_TOOL } from './structured-output.js';
import { streamError } from './upstream-error.js';
import { openAIUsage, reportedUsage } from './usage.js';
import type { AnthropicUsage, ResponseBlock } from './wire-types.js';

interface AnthropicEvent {
  type?: string;
  index?: number;
  message?: { id?: string; model?: string; usage?: AnthropicUsage };
  content_block?: ResponseBlock;
  delta?: { type?: string; text?: string; thinking?: string; signature?: string; partial_json?: string; stop_reason?: string | null };
  usage?: AnthropicUsage;
  error?: { type?: unknown; message?: unknown };
}

/**
 * Anthropic's named SSE events (reference providers.md 2.4) as OpenAI chunks. State: the message id and
 * model from message_start, which content block is which tool call, and the usage, whose input count
 * comes at the start and whose cumulative output count comes in message_delta.
 */
export function anthropicStreamParser(options: ConvertedStreamOptions & { structured?: boolean }): StreamParser {
  // The id and the model's full name come with message_start.
  const head = { id: '', created: options.created, model: options.model };
  let usage: AnthropicUsage = {};
  let finished = false;
  const toolIndexes = new Map<number, number>();
  /** The block of the forced structured-output tool (structured-output.ts), whose input is streamed as content. */
  let structuredBlock: number | undefined;

  const emit = (delta: Record<string, unknown>, text = ''): StreamEvent => ({ forward: [chatChunk(head, delta)], text });
  const toolDelta = (blockIndex: number | undefined, call: Record<string, unknown>) => ({ tool_calls: [{ index: toolIndexes.get(blockIndex ?? -1) ?? 0, ...call }] });
  const finish = (forward: string[]): StreamEvent => {
    finished = true;
    const tail = options.includeUsage ? [usageChunk(head, openAIUsage(usage))] : [];
    return { forward: [...tail, ...forward], text: '', usage: reportedUsage(openAIUsage(usage)), done: true };
  };

  function onEvent(event: AnthropicEvent): StreamEvent {
    switch (event.type) {
      case 'message_start':
        head.id = event.message?.id ?? head.id;
        head.model = event.message?.model ?? head.model;
        usage = { ...usage, ...event.message?.usage };
        // The input counted here bills a stream cut short before message_delta.
        return { ...emit({ role: 'assistant', content: '' }), usage: reportedUsage(openAIUsage(usage)) };
      case 'content_block_start': {
        const block = event.content_block;
        if (block?.type === 'tool_use' && options.structured && block.name === STRUCTURED_OUTPUT_TOOL) {
          structuredBlock = event.index ?? -1;
          return NOTHING;
        }
        if (block?.type === 'tool_use') {
          toolIndexes.set(event.index ?? -1, toolIndexes.size);
          return emit(toolDelta(event.index, { id: block.id ?? '', type: 'function', function: { name: block.name ?? '', arguments: '' } }));
        }
        // A redacted block comes whole; the hub carries its data for clients that send it back.
        if (block?.type === 'redacted_thinking' && block.data) return emit({ redacted_thinking: block.data });
        return block?.type === 'text' && block.text ? emit({ content: block.text }, block.text) : NOTHING;
      }
      case 'content_block_delta': {
        const delta = event.delta;
        if (delta?.type === 'text_delta' && delta.text) return emit({ content: delta.text }, delta.text);
        if (delta?.type === 'thinking_delta' && delta.thinking) return emit({ reasoning_content: delta.thinking }, delta.thinking);
        if (delta?.type === 'signature_delta' && delta.signature) return emit({ thinking_signature: delta.signature });
        if (delta?.type === 'input_json_delta' && delta.partial_json && (event.index ?? -1) === structuredBlock) return emit({ content: delta.partial_json }, delta.partial_json);
        // A server tool's input (web search's query) streams too: only a client tool's is a call to forward.
        if (delta?.type === 'input_json_delta' && delta.partial_json && toolIndexes.has(event.index ?? -1)) return emit(toolDelta(event.index, { function: { arguments: delta.partial_json } }), delta.partial_json);
        return NOTHING;
      }
      case 'message_delta':
        // Cumulative: the latest counts win, and older API versions send only output_tokens here.
        usage = { ...usage, ...event.usage };
        // The forced structured-output call is the answer, not a tool call the client must run.
        return { forward: [finishChunk(head, structuredBlock !== undefined ? 'stop' : (finishReason(event.delta?.stop_reason) ?? 'stop'))], text: '' };
      case 'message_stop':
        return finish(['[DONE]']);
      case 'error':
        return finish([JSON.stringify({ error: streamError(event.error) })]);
      default:
        // ping, content_block_stop and event types added later carry nothing for an OpenAI client.
        return NOTHING;
    }
  }

  return {
    framing: 'sse',
    event: jsonStreamEvents<AnthropicEvent>(() => finished, onEvent),
    // The upstream broke off before message_stop: still bill what it reported.
    end: () => (finished ? NOTHING : { ...finish([]), done: false }),
  };
}
