import { parseUpstreamError, type UpstreamError } from '../openai/upstream-error.js';

/**
 * Ollama answers `{"error":"…"}` with a plain HTTP status (reference providers.md 16); the status gives
 * the class. A local Ollama has no keys, but a proxy or Ollama Cloud in front answers 401 for a bad one.
 * Docs: https://github.com/ollama/ollama/blob/main/docs/api.md#errors
 */
const ERROR_CLASSES: Record<number, { type: string; code: string }> = {
  400: { type: 'invalid_request_error', code: 'invalid_request' },
  401: { type: 'authentication_error', code: 'invalid_api_key' },
  403: { type: 'permission_error', code: 'permission_denied' },
  404: { type: 'invalid_request_error', code: 'model_not_found' },
  429: { type: 'rate_limit_error', code: 'rate_limit_exceeded' },
};

const classify = (status: number) => ERROR_CLASSES[status] ?? (status >= 500 ? { type: 'server_error', code: 'server_error' } : undefined);

export function parseOllamaError(status: number, body: string): UpstreamError {
  const generic = parseUpstreamError(status, body);
  const known = classify(status);
  return known ? { message: generic.message, ...known } : generic;
}

/** A mid-stream `{"error":"…"}` line, as the error of an OpenAI-style chunk. */
export const streamError = (message: string): UpstreamError => ({ message, type: 'server_error', code: 'server_error' });
