import type { JsonObject } from '../../openai/request-body.js';
import { codeText, hubParts, userContent } from './parts-to-hub.js';
import type { ClientContent, ClientPart } from './request-types.js';

/**
 * Gemini `contents` as the hub's messages (reference providers.md 3.7, read backwards): `user` turns become
 * user messages, their functionResponse parts tool messages (placed first, right after the calls they
 * answer); `model` turns become assistant messages with the text, the thought parts as `reasoning_content`
 * and the functionCall parts as `tool_calls`, each call's thoughtSignature kept in `extra_content.google`.
 * A call without an id gets one, and the functionResponse that answers it (the next one of the same name,
 * in order) gets the same.
 */
export interface ConvertedContents {
  messages: JsonObject[];
  nativeOnly?: string;
}

export function hubMessages(contents: ClientContent[]): ConvertedContents {
  const converted: ConvertedContents = { messages: [] };
  // Calls of earlier model turns not answered yet, in order.
  const open: { name: string; id: string }[] = [];
  contents.forEach((content, turn) => {
    if (content.role === 'model') {
      const message = assistantMessage(content.parts, turn, open);
      if (message) converted.messages.push(message);
      return;
    }
    const responses = content.parts.filter((part) => part.functionResponse);
    responses.forEach((part, index) => converted.messages.push(toolMessage(part, answeredCallId(part, open, `call_g${turn}_${index}`))));
    const { parts, nativeOnly } = hubParts(content.parts.filter((part) => !part.functionResponse));
    if (nativeOnly) converted.nativeOnly ??= nativeOnly;
    if (parts.length > 0) converted.messages.push({ role: 'user', content: userContent(parts) });
  });
  return converted;
}

function assistantMessage(parts: ClientPart[], turn: number, open: { name: string; id: string }[]): JsonObject | undefined {
  let text = '';
  let reasoning = '';
  const calls: JsonObject[] = [];
  parts.forEach((part, index) => {
    if (part.functionCall) {
      const { name, args, id = `call_g${turn}_${index}` } = part.functionCall;
      open.push({ name, id });
      const signature = part.thoughtSignature ? { extra_content: { google: { thought_signature: part.thoughtSignature } } } : {};
      calls.push({ id, type: 'function', function: { name, arguments: JSON.stringify(args ?? {}) }, ...signature });
    } else if (part.thought && typeof part.text === 'string') reasoning += part.text;
    else if (typeof part.text === 'string') text += part.text;
    else text += codeText(part) ?? '';
  });
  if (!text && !reasoning && calls.length === 0) return undefined;
  return { role: 'assistant', content: text || null, ...(reasoning ? { reasoning_content: reasoning } : {}), ...(calls.length > 0 ? { tool_calls: calls } : {}) };
}

/** The id of the call a functionResponse answers: its own, else the first open call of its name. */
function answeredCallId(part: ClientPart, open: { name: string; id: string }[], fallback: string): string {
  const response = part.functionResponse;
  const at = open.findIndex((call) => (response?.id ? call.id === response.id : call.name === response?.name));
  if (at !== -1) return open.splice(at, 1)[0]?.id ?? fallback;
  return response?.id ?? fallback;
}

/**
 * A function's result as a tool message: `{output}` alone (what Gemini's docs and Tollgate's own egress
 * send) as its text, `{error}` alone as a failed run (the hub's `is_error`), anything else as JSON.
 * Images a function returned (multimodal function responses) come along as image parts.
 */
function toolMessage(part: ClientPart, id: string): JsonObject {
  const response = (part.functionResponse?.response ?? {}) as Record<string, unknown>;
  const keys = Object.keys(response);
  const only = (key: string) => keys.length === 1 && keys[0] === key && typeof response[key] === 'string';
  const text = only('output') ? String(response.output) : only('error') ? String(response.error) : JSON.stringify(response);
  const images = hubParts(part.functionResponse?.parts ?? []).parts.filter((hub) => hub.type === 'image_url');
  const content = images.length > 0 ? [{ type: 'text', text }, ...images] : text;
  return { role: 'tool', tool_call_id: id, content, ...(only('error') ? { is_error: true } : {}) };
}
