import { AUTH, INVALID_REQUEST, MODEL_NOT_FOUND, PERMISSION, QUOTA, RATE_LIMIT, type ErrorClass } from '../error-classes.js';
import { parseUpstreamError, type UpstreamError } from '../openai/upstream-error.js';

/**
 * Replicate answers errors as RFC 7807 problems, `{"title":"…","detail":"…","status":401}` (reference
 * providers.md 17 and 21.2). The status decides the class: 401 a bad token, 402 no credit or no payment
 * method (both disable the channel), 422 invalid input, 429 rate limit.
 * Docs: https://replicate.com/docs/reference/http#authentication
 */
const BY_STATUS: Record<number, ErrorClass> = { 400: INVALID_REQUEST, 401: AUTH, 402: QUOTA, 403: PERMISSION, 404: MODEL_NOT_FOUND, 422: INVALID_REQUEST, 429: RATE_LIMIT };

/** The problem's `detail`, else its `title`, else what the generic reader finds (a timeout, plain text). */
function problemMessage(body: string): string | undefined {
  try {
    const problem = JSON.parse(body) as { detail?: unknown; title?: unknown };
    const message = [problem.detail, problem.title].find((value) => typeof value === 'string' && value !== '');
    return message as string | undefined;
  } catch {
    return undefined;
  }
}

export function parseReplicateError(status: number, body: string): UpstreamError {
  const generic = parseUpstreamError(status, body);
  const message = problemMessage(body) ?? generic.message;
  const known = BY_STATUS[status] ?? (status >= 500 ? { type: 'server_error', code: generic.code === 'timeout' ? 'timeout' : 'server_error' } : undefined);
  return known ? { message, ...known } : { ...generic, message };
}
