import { parseUpstreamError, type UpstreamError } from '../openai/upstream-error.js';

/**
 * Cohere answers `{"message":"…"}` with a meaningful HTTP status (reference providers.md 12 and the error
 * table of section 21): 401 bad key, 402 billing, 429 rate limit (trial keys too), 400/422 bad request.
 * Docs: https://docs.cohere.com/reference/errors
 */
const ERROR_CLASSES: Record<number, { type: string; code: string }> = {
  400: { type: 'invalid_request_error', code: 'invalid_request' },
  401: { type: 'authentication_error', code: 'invalid_api_key' },
  402: { type: 'insufficient_quota', code: 'insufficient_quota' },
  403: { type: 'permission_error', code: 'permission_denied' },
  404: { type: 'invalid_request_error', code: 'model_not_found' },
  422: { type: 'invalid_request_error', code: 'invalid_request' },
  429: { type: 'rate_limit_error', code: 'rate_limit_exceeded' },
};

const classify = (status: number) => ERROR_CLASSES[status] ?? (status >= 499 ? { type: 'server_error', code: 'server_error' } : undefined);

export function parseCohereError(status: number, body: string): UpstreamError {
  const generic = parseUpstreamError(status, body);
  const known = classify(status);
  return known ? { message: generic.message, ...known } : generic;
}
