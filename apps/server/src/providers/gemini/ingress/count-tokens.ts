import type { JsonObject } from '../../openai/request-body.js';
import { readGenerateRequest, type ReadRequest } from './request-to-hub.js';

/**
 * countTokens: the body is `{contents}` or a whole `{generateContentRequest}` (whose system instruction and
 * tools count too); read like a generateContent request. When no channel counts it natively, Tollgate
 * answers from its own count of the hub prompt. Docs: https://ai.google.dev/api/tokens
 */
export function readCountTokensRequest(body: JsonObject, model: string): ReadRequest {
  const wrapped = body.generateContentRequest ?? body.generate_content_request;
  return readGenerateRequest(wrapped && typeof wrapped === 'object' ? (wrapped as JsonObject) : body, model, false);
}

/** Google's CountTokensResponse for a local count. */
export const countTokensAnswer = (totalTokens: number) => ({ totalTokens });
