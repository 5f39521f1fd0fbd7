import type { JsonObject } from '../request-body.js';

/**
 * Anthropic's thinking blocks (signed thinking, redacted thinking; the hub's `thinking_blocks`) carried through
 * a Responses client in the reasoning item's `encrypted_content`, the field the Responses API keeps for
 * reasoning only its model can read. A client that replays its reasoning items (Codex asks for
 * `reasoning.encrypted_content` and sends it back) thus gives a converted Claude the signed blocks it
 * requires before a tool result. The marker tells them from OpenAI's own encrypted reasoning, which no
 * other upstream can read and which is dropped on conversion.
 */
const MARKER = 'tollgate.thinking.v1:';

export function encodeThinking(blocks: readonly JsonObject[]): string | undefined {
  return blocks.length > 0 ? MARKER + Buffer.from(JSON.stringify(blocks)).toString('base64url') : undefined;
}

export function decodeThinking(value: unknown): JsonObject[] | undefined {
  if (typeof value !== 'string' || !value.startsWith(MARKER)) return undefined;
  try {
    const blocks = JSON.parse(Buffer.from(value.slice(MARKER.length), 'base64url').toString('utf8')) as unknown;
    return Array.isArray(blocks) ? blocks.filter((block): block is JsonObject => typeof block === 'object' && block !== null) : undefined;
  } catch {
    return undefined;
  }
}
