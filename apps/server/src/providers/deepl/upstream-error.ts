import { AUTH, INVALID_REQUEST, QUOTA, RATE_LIMIT, classOfStatus, type ErrorClass } from '../error-classes.js';
import { parseUpstreamError, type UpstreamError } from '../openai/upstream-error.js';

/**
 * DeepL errors are plain statuses with `{"message":"…","detail":"…"}` (reference providers.md 15 and
 * 21.2): 403 a bad key, 456 the character quota, 429 too many requests, 400/404/413 the request, 5xx the
 * service. 456 is not a status clients know; the adaptor answers it as OpenAI's quota error (429,
 * `insufficient_quota`), which also disables the channel under auto-disable.
 * Docs: https://developers.deepl.com/docs/best-practices/error-handling
 */
export const QUOTA_EXCEEDED = 456;

const CLASSES: Record<number, ErrorClass> = {
  400: INVALID_REQUEST,
  401: AUTH,
  403: AUTH,
  404: { type: 'invalid_request_error', code: 'not_found' },
  413: { type: 'invalid_request_error', code: 'request_too_large' },
  429: RATE_LIMIT,
  [QUOTA_EXCEEDED]: QUOTA,
};

function deeplMessage(status: number, body: string): string {
  try {
    const parsed = JSON.parse(body) as { message?: unknown; detail?: unknown };
    if (typeof parsed.message === 'string' && parsed.message !== '') return typeof parsed.detail === 'string' && parsed.detail !== '' ? `${parsed.message}: ${parsed.detail}` : parsed.message;
  } catch {
    // not JSON: the generic reader below keeps the text
  }
  return parseUpstreamError(status, body).message;
}

export function parseDeepLError(status: number, body: string): UpstreamError {
  // An error the adaptor already put in OpenAI's shape (the re-statused 456) is read as such.
  if (body.includes('"error"')) {
    const generic = parseUpstreamError(status, body);
    if (generic.type !== 'upstream_error') return generic;
  }
  const known = classOfStatus(status, CLASSES);
  const message = deeplMessage(status, body);
  return known ? { message, ...known } : { message, type: 'upstream_error', code: 'bad_response_status_code' };
}

/** 456 as OpenAI's quota error, status 429, so that clients and the relay's rules understand it. */
export function quotaErrorBody(body: string): Buffer {
  const error = { message: deeplMessage(QUOTA_EXCEEDED, body) || 'Quota exceeded', type: 'insufficient_quota', code: 'insufficient_quota' };
  return Buffer.from(JSON.stringify({ error }));
}
