import { AUTH, INVALID_REQUEST, MODEL_NOT_FOUND, PERMISSION, QUOTA, RATE_LIMIT, classOfStatus, type ErrorClass } from '../error-classes.js';
import { parseUpstreamError, type UpstreamError } from '../openai/upstream-error.js';

/**
 * Cohere answers `{"message":"…"}` with a meaningful HTTP status (reference providers.md 12 and the error
 * table of section 21): 401 bad key, 402 billing, 429 rate limit (trial keys too), 400/422 bad request.
 * Docs: https://docs.cohere.com/reference/errors
 */
const ERROR_CLASSES: Record<number, ErrorClass> = { 400: INVALID_REQUEST, 401: AUTH, 402: QUOTA, 403: PERMISSION, 404: MODEL_NOT_FOUND, 422: INVALID_REQUEST, 429: RATE_LIMIT };

// Cohere answers 499 for a request it cancelled, which its docs call retryable: a server fault, tried elsewhere.
const classify = (status: number) => classOfStatus(status, ERROR_CLASSES, 499);

export function parseCohereError(status: number, body: string): UpstreamError {
  const generic = parseUpstreamError(status, body);
  const known = classify(status);
  return known ? { message: generic.message, ...known } : generic;
}
