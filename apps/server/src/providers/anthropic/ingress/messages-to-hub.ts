import type { JsonObject } from '../../openai/request-body.js';
import { blocksText, hubPart } from './blocks-to-hub.js';
import type { ClientBlock, ClientMessage } from './request-types.js';

/**
 * Anthropic's turns as the hub's messages (reference providers.md 2.7, read backwards). A user turn's
 * tool_result blocks become tool messages first (they answer the calls of the turn before), then its
 * other blocks a user message; an assistant turn becomes one assistant message: its text, its thinking and
 * redacted_thinking blocks kept whole and in order as `thinking_blocks` (with the thinking text as
 * `reasoning_content`, for upstreams that read that), its tool_use blocks as tool_calls with their ids.
 * A block's cache_control stays on its part; on a tool_use or tool_result, on its message. A `system` turn
 * becomes a system message at its place (egress adaptors whose protocol has one system prompt gather them).
 */
export interface HubMessages {
  messages: JsonObject[];
  nativeOnly?: string;
}

export function hubMessages(turns: ClientMessage[]): HubMessages {
  const converted: HubMessages = { messages: [] };
  for (const turn of turns) {
    const blocks: ClientBlock[] = typeof turn.content === 'string' ? [{ type: 'text', text: turn.content }] : turn.content;
    if (turn.role === 'system') {
      const message = systemMessage(turn.content);
      if (message) converted.messages.push(message);
      continue;
    }
    if (turn.role === 'assistant') {
      const message = assistantMessage(blocks);
      if (message) converted.messages.push(message);
      continue;
    }
    for (const block of blocks) if (block.type === 'tool_result') converted.messages.push(toolMessage(block, converted));
    const parts = userParts(blocks.filter((block) => block.type !== 'tool_result'), converted);
    if (typeof turn.content === 'string') converted.messages.push({ role: 'user', content: turn.content });
    else if (parts.length > 0) converted.messages.push({ role: 'user', content: parts });
  }
  return converted;
}

/** A system prompt or system turn as a system message: its text, or its blocks as text parts when one carries cache_control. */
export function systemMessage(system: string | ClientBlock[] | undefined): JsonObject | undefined {
  if (system === undefined || system === '' || (Array.isArray(system) && system.length === 0)) return undefined;
  if (typeof system === 'string') return { role: 'system', content: system };
  if (system.some((block) => block.cache_control)) return { role: 'system', content: system.map((block) => hubPart(block).part ?? { type: 'text', text: '' }) };
  return { role: 'system', content: blocksText(system) };
}

function userParts(blocks: ClientBlock[], converted: HubMessages): JsonObject[] {
  const parts: JsonObject[] = [];
  for (const block of blocks) {
    const { part, nativeOnly } = hubPart(block);
    if (nativeOnly) converted.nativeOnly ??= nativeOnly;
    if (part) parts.push(part);
  }
  return parts;
}

function assistantMessage(blocks: ClientBlock[]): JsonObject | undefined {
  let text = '';
  let reasoning = '';
  const thinking: JsonObject[] = [];
  const calls: JsonObject[] = [];
  let cache: unknown;
  for (const block of blocks) {
    if (block.type === 'text') text += block.text ?? '';
    else if (block.type === 'thinking' || block.type === 'redacted_thinking') {
      thinking.push(block as unknown as JsonObject);
      if (block.type === 'thinking') reasoning += block.thinking ?? '';
    } else if (block.type === 'tool_use') calls.push({ id: block.id, type: 'function', function: { name: block.name, arguments: JSON.stringify(block.input ?? {}) } });
    cache = block.cache_control ?? cache;
  }
  if (!text && thinking.length === 0 && calls.length === 0) return undefined;
  return {
    role: 'assistant',
    content: text || null,
    ...(reasoning ? { reasoning_content: reasoning } : {}),
    ...(thinking.length > 0 ? { thinking_blocks: thinking } : {}),
    ...(calls.length > 0 ? { tool_calls: calls } : {}),
    ...(cache ? { cache_control: cache } : {}),
  };
}

/** A tool's result: its text, with the images it returned as image parts (the hub allows them on tool messages). */
function toolMessage(block: ClientBlock, converted: HubMessages): JsonObject {
  const inner = typeof block.content === 'string' ? [{ type: 'text', text: block.content }] : (block.content ?? []);
  const images = userParts(inner.filter((part) => part.type === 'image'), converted);
  const text = blocksText(inner);
  return {
    role: 'tool',
    tool_call_id: block.tool_use_id,
    content: images.length > 0 ? [{ type: 'text', text }, ...images] : text,
    ...(block.is_error ? { is_error: true } : {}),
    ...(block.cache_control ? { cache_control: block.cache_control } : {}),
  };
}
