import type { AnswerContext, HubStreamWriter } from '../../ingress.js';
import { failureOf, parseHubChunk, type HubDelta } from '../../hub-chunk.js';
import type { TokenUsage } from '../../token-usage.js';
import { streamErrorType } from './anthropic-error.js';
import { anthropicUsage, messageId, stopReasonOf, toolUseId } from './answer-usage.js';
import { textOf } from './answer-from-hub.js';
import { contentBlockDelta, contentBlockStop, MESSAGE_STOP, messageStart, PING, sseEvent, textBlockStart } from './sse-event.js';

/**
 * A converted stream: hub chunks as Anthropic's event sequence (reference providers.md 2.4). message_start
 * goes first, with the input as estimated before the call (Anthropic announces it there; the billed count
 * comes in message_delta); each kind of delta opens its own content block (thinking, text, one per tool
 * call) and the previous one is closed first; the finish reason is held until the charge is known, then
 * message_delta carries it with the billed usage, and message_stop ends the stream. An upstream failure
 * mid-stream is Anthropic's `error` event, after which nothing more is sent. Only the first choice.
 */
type BlockKind = 'text' | 'thinking' | 'tool';
/** The content_block_start event of a block opened at `index`. */
type BlockStart = (index: number) => string;
const blockStart = (block: Record<string, unknown>): BlockStart => (index) => sseEvent({ type: 'content_block_start', index, content_block: block });
const THINKING_BLOCK = blockStart({ type: 'thinking', thinking: '', signature: '' });

export function hubStreamWriter(context: AnswerContext): HubStreamWriter {
  let started = false;
  let failed = false;
  let finish: string | null | undefined;
  let calledTools = false;
  let index = -1;
  let open: { kind: BlockKind; call?: number } | undefined;
  const calls = new Set<number>();

  const start = (id: string | undefined): string => {
    if (started) return '';
    started = true;
    return messageStart(messageId(id, context.requestId), context.model, context.estimatedPromptTokens());
  };
  const stop = (): string => {
    if (!open) return '';
    open = undefined;
    return contentBlockStop(index);
  };
  const begin = (kind: BlockKind, opening: BlockStart, call?: number): string => {
    const closing = stop();
    index += 1;
    open = { kind, ...(call !== undefined ? { call } : {}) };
    return closing + opening(index);
  };
  /** A delta of `kind`'s block (opened first if another is open): its `deltaType` with `value` under `key`. */
  const delta = (kind: BlockKind, opening: BlockStart, deltaType: string, key: string, value: string): string =>
    (open?.kind === kind ? '' : begin(kind, opening)) + contentBlockDelta(index, deltaType, key, value);

  const toolDeltas = (deltas: NonNullable<HubDelta['tool_calls']>): string => {
    let out = '';
    for (const call of deltas) {
      const at = call.index ?? 0;
      if (!calls.has(at) || (call.id && open?.call !== at)) {
        calls.add(at);
        calledTools = true;
        out += begin('tool', blockStart({ type: 'tool_use', id: toolUseId(call.id, context.requestId, at), name: call.function?.name ?? '', input: {} }), at);
      }
      const args = call.function?.arguments;
      if (args) out += contentBlockDelta(index, 'input_json_delta', 'partial_json', args);
    }
    return out;
  };

  return {
    chunk(payload) {
      const chunk = parseHubChunk(payload);
      if (failed || !chunk) return '';
      if (chunk.error) {
        failed = true;
        const { message, type, code } = failureOf(chunk.error);
        return start(chunk.id) + stop() + sseEvent({ type: 'error', error: { type: streamErrorType(type, code), message } });
      }
      let out = start(chunk.id);
      const choice = chunk.choices?.find((candidate) => (candidate.index ?? 0) === 0);
      if (!choice) return out;
      const d = choice.delta ?? {};
      const reasoning = textOf(d.reasoning_content);
      if (reasoning) out += delta('thinking', THINKING_BLOCK, 'thinking_delta', 'thinking', reasoning);
      if (typeof d.thinking_signature === 'string') out += delta('thinking', THINKING_BLOCK, 'signature_delta', 'signature', d.thinking_signature) + stop();
      if (typeof d.redacted_thinking === 'string') out += begin('thinking', blockStart({ type: 'redacted_thinking', data: d.redacted_thinking })) + stop();
      const text = textOf(d.content);
      if (text) out += delta('text', textBlockStart, 'text_delta', 'text', text);
      if (d.tool_calls?.length) out += toolDeltas(d.tool_calls);
      if (choice.finish_reason) {
        finish = choice.finish_reason;
        out += stop();
      }
      return out;
    },

    close(usage: TokenUsage) {
      if (failed) return '';
      const stopReason = stopReasonOf(finish, calledTools);
      return start(undefined) + stop() + sseEvent({ type: 'message_delta', delta: { stop_reason: stopReason, stop_sequence: null }, usage: anthropicUsage(usage) }) + MESSAGE_STOP;
    },

    keepAlive: PING,
  };
}
