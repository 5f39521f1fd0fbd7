import type { LeftOut } from '../../left-out.js';
import type { JsonObject } from '../request-body.js';
import { namespacedName } from './client-tool-names.js';
import type { ContentPart, InputItem } from './request-types.js';
import { decodeThinking } from './thinking-carrier.js';

/**
 * A Responses `input` as the hub's chat messages (providers/hub.ts). Docs:
 * https://platform.openai.com/docs/api-reference/responses/create#responses-create-input
 * - messages: `developer` becomes `system` (few upstreams know the role); input_text/output_text become text
 *   parts, input_image an image_url part;
 * - function_call items join the assistant turn before them as tool_calls, function_call_output items become
 *   tool messages; custom tool calls (Codex's apply_patch) travel as function calls whose one argument is
 *   `input` (tools-to-hub.ts declares them so);
 * - a reasoning item's summary text becomes the next assistant turn's `reasoning_content`. Its
 *   encrypted_content only the OpenAI model that wrote it can read: it is dropped on conversion, unless it
 *   carries the thinking blocks of a converted Claude answer (thinking-carrier.ts), which go back as the
 *   turn's `thinking_blocks`.
 * - a call of a namespace's tool is named as tools-to-hub.ts offers it (`<namespace>__<name>`).
 * What only OpenAI holds (an item_reference, a file_id) makes the request nativeOnly; a built-in tool's call
 * and its result (a web search run earlier) are history no other upstream can read: left out and named.
 */
export interface HubInput {
  messages: JsonObject[];
  nativeOnly?: string;
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');

const callName = (item: InputItem) => (typeof item.namespace === 'string' ? namespacedName(item.namespace, String(item.name)) : String(item.name));

export function hubMessages(input: string | InputItem[] | undefined, instructions: string | undefined, leftOut: LeftOut): HubInput {
  const messages: JsonObject[] = instructions ? [{ role: 'system', content: instructions }] : [];
  if (input === undefined) return { messages };
  if (typeof input === 'string') return { messages: [...messages, { role: 'user', content: input }] };
  let reasoning = '';
  let thinking: JsonObject[] = [];
  let nativeOnly: string | undefined;
  /** The assistant turn a call joins: the last message, when it is the assistant's. */
  const assistantTurn = (): JsonObject => {
    const last = messages.at(-1);
    if (last?.role === 'assistant') return last;
    const turn: JsonObject = { role: 'assistant', content: null };
    messages.push(turn);
    return turn;
  };
  const takeReasoning = (turn: JsonObject) => {
    if (reasoning) turn.reasoning_content = `${text(turn.reasoning_content)}${reasoning}`;
    if (thinking.length > 0) turn.thinking_blocks = [...((turn.thinking_blocks as JsonObject[] | undefined) ?? []), ...thinking];
    reasoning = '';
    thinking = [];
  };
  const addCall = (id: string, name: string, args: string) => {
    const turn = assistantTurn();
    takeReasoning(turn);
    turn.tool_calls = [...((turn.tool_calls as JsonObject[] | undefined) ?? []), { id, type: 'function', function: { name, arguments: args } }];
  };

  input.forEach((item, index) => {
    const type = item.type ?? 'message';
    switch (type) {
      case 'message': {
        const { content, nativeOnly: partsOnly } = hubContent(item, index);
        nativeOnly ??= partsOnly;
        if (item.role === 'assistant') {
          const turn: JsonObject = { role: 'assistant', content };
          takeReasoning(turn);
          messages.push(turn);
        } else messages.push({ role: item.role === 'developer' ? 'system' : String(item.role), content });
        break;
      }
      case 'function_call':
        addCall(String(item.call_id), callName(item), typeof item.arguments === 'string' ? item.arguments : JSON.stringify(item.arguments ?? {}));
        break;
      case 'custom_tool_call':
        addCall(String(item.call_id), callName(item), JSON.stringify({ input: text(item.input) }));
        break;
      case 'function_call_output':
      case 'custom_tool_call_output':
        messages.push({ role: 'tool', tool_call_id: String(item.call_id), content: outputText(item.output) });
        break;
      case 'reasoning':
        reasoning += (item.summary ?? []).map((part) => text(part.text)).join('\n\n');
        thinking.push(...(decodeThinking(item.encrypted_content) ?? []));
        break;
      case 'item_reference':
        nativeOnly ??= `input[${index}] refers to the stored item ${String(item.id)}, which only the OpenAI channel that stored it has`;
        break;
      default:
        leftOut.add(`input[${index}] (${type})`);
    }
  });
  return { messages, ...(nativeOnly ? { nativeOnly } : {}) };
}

/** A message's content: a string as it is, parts as the hub's text and image parts (an assistant turn's as one text). */
function hubContent(item: InputItem, index: number): { content: string | JsonObject[]; nativeOnly?: string } {
  if (typeof item.content === 'string') return { content: item.content };
  const parts: JsonObject[] = [];
  let nativeOnly: string | undefined;
  (item.content ?? []).forEach((part: ContentPart, at) => {
    if (part.type === 'input_text' || part.type === 'output_text' || part.type === 'text') parts.push({ type: 'text', text: text(part.text) });
    else if (part.type === 'refusal') parts.push({ type: 'text', text: text(part.refusal) });
    else if (part.type === 'input_image' && typeof part.image_url === 'string') parts.push({ type: 'image_url', image_url: { url: part.image_url, ...(typeof part.detail === 'string' ? { detail: part.detail } : {}) } });
    else nativeOnly ??= `input[${index}].content[${at}] (${String(part.type)}${part.file_id ? ` ${String(part.file_id)}` : ''}) is a file only OpenAI holds or reads`;
  });
  if (item.role !== 'user') return { content: parts.filter((part) => part.type === 'text').map((part) => String(part.text)).join(''), ...(nativeOnly ? { nativeOnly } : {}) };
  return { content: parts, ...(nativeOnly ? { nativeOnly } : {}) };
}

/** A tool's output: a string, or the text of its parts. */
function outputText(output: unknown): string {
  if (typeof output === 'string') return output;
  if (Array.isArray(output)) return (output as ContentPart[]).map((part) => text(part.text)).join('');
  return JSON.stringify(output ?? '');
}
