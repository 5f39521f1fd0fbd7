import { nowSeconds } from '../../../lib/random.js';
import type { AnswerContext, HubStreamWriter } from '../../ingress.js';
import { failureOf, parseHubChunk, type HubToolCallDelta } from '../../hub-chunk.js';
import type { TokenUsage } from '../../token-usage.js';
import type { JsonObject } from '../request-body.js';
import { callItem, endOf, messageItem, outputText, reasoningItem, summaryText, type HubCall } from './answer-items.js';
import { echoedSettingsJson, responseIdOf, responseJson, type ResponseShell } from './response-object.js';
import { encodeThinking } from './thinking-carrier.js';
import { ClientToolNames } from './client-tool-names.js';
import { responsesUsage } from './usage.js';

/**
 * A converted stream: hub chunks as the Responses API's semantic events, each with its `sequence_number`.
 * The response is announced (response.created, response.in_progress); each output item is opened
 * (output_item.added, and its content or summary part), fed deltas (output_text, reasoning_summary_text,
 * function_call_arguments) and closed with its full text when the next item starts or the stream ends;
 * response.completed (or response.incomplete) carries every item and the billed usage. An upstream failure
 * mid-stream is response.failed. A converted Claude's signed thinking goes out in the reasoning item's
 * encrypted_content (thinking-carrier.ts). Docs: https://platform.openai.com/docs/api-reference/responses-streaming
 */
type OpenItem = ({ kind: 'reasoning' | 'message'; text: string } | { kind: 'call'; hubIndex: number; call: HubCall }) & {
  id: string;
  index: number;
  /** `"item_id":…,"output_index":…` as JSON members, made once for the item's deltas. */
  at: string;
};

/** Where an item's events point: its id and its place in the output, as JSON members. */
const itemAt = (id: string, index: number) => `"item_id":${JSON.stringify(id)},"output_index":${index}`;

export function responsesStreamWriter(context: AnswerContext): HubStreamWriter {
  const id = responseIdOf(context);
  const suffix = id.slice('resp_'.length);
  const createdAt = nowSeconds();
  const tools = ClientToolNames.of(context.client);
  const output: JsonObject[] = [];
  let sequence = 0;
  let started = false;
  let failed = false;
  let finish: string | null | undefined;
  let open: OpenItem | undefined;
  let calls = 0;
  /** The open reasoning item's Anthropic blocks, and its thinking text not yet signed. */
  let thinking: JsonObject[] = [];
  let unsigned = '';

  const settings = echoedSettingsJson(context);

  /**
   * An event, its members given as JSON text without braces. Its type and sequence go first without copying
   * `fields` into a new object: the copy (an object spread) cost more than the stringify of the fields.
   */
  const eventWith = (type: string, members: string) => `event: ${type}\ndata: {"type":"${type}","sequence_number":${sequence++},${members}}\n\n`;
  const event = (type: string, fields: JsonObject) => eventWith(type, JSON.stringify(fields).slice(1, -1));
  const responseEvent = (type: string, shell: Omit<ResponseShell, 'id' | 'createdAt' | 'output'>) =>
    eventWith(type, `"response":${responseJson({ id, createdAt, output, ...shell }, settings)}`);
  const start = () => {
    if (started) return '';
    started = true;
    return responseEvent('response.created', { status: 'in_progress' }) + responseEvent('response.in_progress', { status: 'in_progress' });
  };

  /** Ends the open item with its full content. */
  const closeOpen = (): string => {
    const item = open;
    if (!item) return '';
    open = undefined;
    const at = { item_id: item.id, output_index: item.index };
    let out = '';
    let done: JsonObject;
    if (item.kind === 'call') {
      done = callItem(item.id, item.call, 'completed', tools);
      if (done.type === 'custom_tool_call') out += event('response.custom_tool_call_input.done', { ...at, input: done.input });
      else out += event('response.function_call_arguments.done', { ...at, name: done.name, arguments: item.call.arguments });
    } else if (item.kind === 'message') {
      out += event('response.output_text.done', { ...at, content_index: 0, text: item.text, logprobs: [] });
      out += event('response.content_part.done', { ...at, content_index: 0, part: outputText(item.text) });
      done = messageItem(item.id, item.text, 'completed');
    } else {
      out += event('response.reasoning_summary_text.done', { ...at, summary_index: 0, text: item.text });
      out += event('response.reasoning_summary_part.done', { ...at, summary_index: 0, part: summaryText(item.text) });
      done = reasoningItem(item.id, item.text, encodeThinking(thinking));
      thinking = [];
      unsigned = '';
    }
    output[item.index] = done;
    return out + event('response.output_item.done', { output_index: item.index, item: done });
  };

  /** Opens an item of a kind (closing the one before): the text item its delta goes to. */
  const openText = (kind: 'reasoning' | 'message'): string => {
    if (open?.kind === kind) return '';
    let out = closeOpen();
    const index = output.length;
    const itemId = `${kind === 'message' ? 'msg' : 'rs'}_${suffix}_${index}`;
    const item = kind === 'message' ? messageItem(itemId, undefined, 'in_progress') : reasoningItem(itemId, undefined);
    output.push(item);
    open = { kind, id: itemId, index, at: itemAt(itemId, index), text: '' };
    out += event('response.output_item.added', { output_index: index, item });
    if (kind === 'message') out += event('response.content_part.added', { item_id: itemId, output_index: index, content_index: 0, part: outputText('') });
    else out += event('response.reasoning_summary_part.added', { item_id: itemId, output_index: index, summary_index: 0, part: summaryText('') });
    return out;
  };

  const textDelta = (kind: 'reasoning' | 'message', delta: string): string => {
    const out = openText(kind);
    if (!open || open.kind === 'call') return out;
    open.text += delta;
    if (kind === 'reasoning') unsigned += delta;
    // The events a stream has most of (one per token), written without an object made for them.
    const text = JSON.stringify(delta);
    return (
      out +
      (kind === 'message'
        ? eventWith('response.output_text.delta', `${open.at},"content_index":0,"delta":${text},"logprobs":[]`)
        : eventWith('response.reasoning_summary_text.delta', `${open.at},"summary_index":0,"delta":${text}`))
    );
  };

  const callDelta = (delta: HubToolCallDelta): string => {
    const hubIndex = delta.index ?? 0;
    let out = '';
    let item = open;
    if (item?.kind !== 'call' || item.hubIndex !== hubIndex) {
      out += closeOpen();
      const index = output.length;
      const itemId = `fc_${suffix}_${index}`;
      const call = { callId: delta.id ?? `call_${suffix}_${calls}`, name: delta.function?.name ?? '', arguments: '' };
      calls += 1;
      const added = callItem(itemId, call, 'in_progress', tools);
      output.push(added);
      item = { kind: 'call', id: itemId, index, at: itemAt(itemId, index), hubIndex, call };
      open = item;
      out += event('response.output_item.added', { output_index: index, item: added.type === 'custom_tool_call' ? { ...added, input: '' } : added });
    }
    const piece = delta.function?.arguments ?? '';
    if (!piece) return out;
    item.call.arguments += piece;
    // A custom tool's input is wrapped in the arguments' JSON: it goes out whole once complete.
    if (tools.isCustom(item.call.name)) return out;
    return out + eventWith('response.function_call_arguments.delta', `${item.at},"delta":${JSON.stringify(piece)}`);
  };

  return {
    chunk(payload) {
      const chunk = parseHubChunk(payload);
      if (failed || !chunk) return '';
      let out = start();
      if (chunk.error) {
        failed = true;
        const { message } = failureOf(chunk.error);
        return out + responseEvent('response.failed', { status: 'failed', error: { code: 'server_error', message } });
      }
      const choice = chunk.choices?.[0];
      const delta = choice?.delta;
      if (typeof delta?.reasoning_content === 'string' && delta.reasoning_content) out += textDelta('reasoning', delta.reasoning_content);
      if (typeof delta?.thinking_signature === 'string') {
        out += openText('reasoning');
        thinking.push({ type: 'thinking', thinking: unsigned, signature: delta.thinking_signature });
        unsigned = '';
      }
      if (typeof delta?.redacted_thinking === 'string') {
        out += openText('reasoning');
        thinking.push({ type: 'redacted_thinking', data: delta.redacted_thinking });
      }
      if (typeof delta?.content === 'string' && delta.content) out += textDelta('message', delta.content);
      for (const call of delta?.tool_calls ?? []) out += callDelta(call);
      if (choice?.finish_reason) finish = choice.finish_reason;
      return out;
    },

    close(usage: TokenUsage) {
      if (failed) return '';
      const out = start() + closeOpen();
      const end = endOf(finish);
      const final = { status: end.status, usage: responsesUsage(usage) as unknown as JsonObject, ...(end.reason ? { incompleteReason: end.reason } : {}) };
      return out + responseEvent(end.status === 'completed' ? 'response.completed' : 'response.incomplete', final);
    },

    keepAlive: ': keep-alive\n\n',
  };
}
