import type { UpstreamRefusal } from '../adaptor.js';
import { parseUpstreamError, type UpstreamError } from '../openai/upstream-error.js';

/**
 * AI Proxy library errors: `{"success":false,"errCode":…,"message":"…"}`, in a 200 body or with an error
 * status (reference providers.md 19). The codes are not documented, so the status decides, and for a 200
 * body a message about the key decides auth; anything else is an upstream fault, retried elsewhere.
 */
const AUTH = { status: 401, type: 'authentication_error', code: 'invalid_api_key' };
const UPSTREAM = { status: 500, type: 'upstream_error', code: 'bad_response_status_code' };

const STATUSES: Record<number, { type: string; code: string }> = {
  400: { type: 'invalid_request_error', code: 'invalid_request' },
  401: AUTH,
  403: AUTH,
  402: { type: 'insufficient_quota', code: 'insufficient_quota' },
  429: { type: 'rate_limit_error', code: 'rate_limit_exceeded' },
};

const AUTH_MESSAGE = /(invalid|wrong|expired|missing) (api[ _-]?)?(key|token)|unauthori[sz]ed|authenticat/i;

const messageOf = (failed: { errCode?: unknown; message?: unknown }) =>
  typeof failed.message === 'string' && failed.message !== '' ? failed.message : `AI Proxy library error ${String(failed.errCode ?? '')}`.trim();

/** A `success:false` object (a whole body or a stream frame) as a refusal; undefined when it is an answer. */
export function libraryRefusal(parsed: { success?: unknown; errCode?: unknown; message?: unknown }): UpstreamRefusal | undefined {
  if (parsed.success !== false) return undefined;
  const message = messageOf(parsed);
  const known = AUTH_MESSAGE.test(message) ? AUTH : UPSTREAM;
  return { status: known.status, error: { message, type: known.type, code: known.code } };
}

export function libraryAnswerError(body: string): UpstreamRefusal | undefined {
  try {
    return libraryRefusal(JSON.parse(body) as Record<string, unknown>);
  } catch {
    return undefined;
  }
}

export function parseLibraryError(status: number, body: string): UpstreamError {
  const inBand = libraryAnswerError(body);
  const known = STATUSES[status] ?? (status >= 500 && !inBand ? { type: 'server_error', code: 'server_error' } : undefined);
  if (known) return { message: inBand?.error.message ?? parseUpstreamError(status, body).message, ...known };
  return inBand?.error ?? parseUpstreamError(status, body);
}
