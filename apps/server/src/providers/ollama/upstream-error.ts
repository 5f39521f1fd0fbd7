import { AUTH, INVALID_REQUEST, MODEL_NOT_FOUND, PERMISSION, RATE_LIMIT, SERVER_FAULT, classOfStatus, type ErrorClass } from '../error-classes.js';
import { parseUpstreamError, type UpstreamError } from '../openai/upstream-error.js';

/**
 * Ollama answers `{"error":"…"}` with a plain HTTP status (reference providers.md 16); the status gives
 * the class. A local Ollama has no keys, but a proxy or Ollama Cloud in front answers 401 for a bad one.
 * Docs: https://github.com/ollama/ollama/blob/main/docs/api.md#errors
 */
const ERROR_CLASSES: Record<number, ErrorClass> = { 400: INVALID_REQUEST, 401: AUTH, 403: PERMISSION, 404: MODEL_NOT_FOUND, 429: RATE_LIMIT };

export function parseOllamaError(status: number, body: string): UpstreamError {
  const generic = parseUpstreamError(status, body);
  const known = classOfStatus(status, ERROR_CLASSES);
  return known ? { message: generic.message, ...known } : generic;
}

/** A mid-stream `{"error":"…"}` line, as the error of an OpenAI-style chunk. */
export const streamError = (message: string): UpstreamError => ({ message, ...SERVER_FAULT });
