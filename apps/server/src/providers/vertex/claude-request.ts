import type { JsonObject } from '../openai/request-body.js';
import { toAnthropicRequest } from '../anthropic/request.js';
import type { AnthropicRequest } from '../anthropic/wire-types.js';

/**
 * Claude on Vertex takes the Anthropic Messages body with the model moved into the URL and Vertex's
 * API version in the body (reference providers.md 4.3); `stream: true` stays for streamRawPredict. A json_schema
 * response format is answered through a forced tool, as on Anthropic (the Anthropic adaptor reads it back).
 * Docs: https://cloud.google.com/vertex-ai/generative-ai/docs/partner-models/claude/use-claude#anthropic-claude-request
 */
export const VERTEX_ANTHROPIC_VERSION = 'vertex-2023-10-16';

export type VertexClaudeRequest = Omit<AnthropicRequest, 'model'> & { anthropic_version: string };

export function toVertexClaudeRequest(body: JsonObject, model: string): VertexClaudeRequest {
  const { model: _inUrl, ...rest } = toAnthropicRequest(body, model, { structuredOutput: true });
  return { anthropic_version: VERTEX_ANTHROPIC_VERSION, ...rest };
}
