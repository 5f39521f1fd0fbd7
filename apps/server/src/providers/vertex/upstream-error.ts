import { parseAnthropicError } from '../anthropic/upstream-error.js';
import { parseGeminiError } from '../gemini/upstream-error.js';
import type { ReadUpstreamError } from '../adaptor.js';

/**
 * Vertex answers errors in Google's RPC shape (401 UNAUTHENTICATED, 403 PERMISSION_DENIED, 429
 * RESOURCE_EXHAUSTED, 404 NOT_FOUND), except that a Claude call that reaches the model and fails there
 * answers Anthropic's `{type:"error", error:{type, message}}` (reference providers.md 4.4): each is read
 * by its own protocol's reader. Docs: https://cloud.google.com/vertex-ai/generative-ai/docs/error-code-429
 */
export function parseVertexError(status: number, body: string): ReadUpstreamError {
  return isAnthropicError(body) ? parseAnthropicError(status, body) : parseGeminiError(status, body);
}

function isAnthropicError(body: string): boolean {
  try {
    const parsed = JSON.parse(body) as { type?: unknown; error?: { type?: unknown } };
    return parsed.type === 'error' && typeof parsed.error?.type === 'string';
  } catch {
    return false;
  }
}
