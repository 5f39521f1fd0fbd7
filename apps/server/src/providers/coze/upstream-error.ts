import type { UpstreamRefusal } from '../adaptor.js';
import { AUTH, INVALID_REQUEST, MODEL_NOT_FOUND, RATE_LIMIT, classOfStatus, withStatus, type StatusClass } from '../error-classes.js';
import { parseUpstreamError, type UpstreamError } from '../openai/upstream-error.js';

/**
 * Coze reports errors in-band, usually with HTTP 200: `{"code":4101,"msg":"…"}` (reference providers.md
 * 14.1); a stream reports them as `{"event":"error","error_information":{"code":…,"msg":"…"}}`. Codes
 * 4100/4101 are the token (unconfirmed, as the reference marks them); 4013 is the rate limit and 4000 a
 * bad parameter (from Coze's error-code page, unconfirmed by a recording). Other codes are upstream faults.
 *
 * Tollgate speaks Coze's chat API v2 (/open_api/v2/chat), the only one one-api speaks, so one-api's channels
 * keep working unchanged; it does not speak v3 (/v3/chat). When Coze answers the v2 endpoint as missing or
 * names an API version in its refusal, the message says which version Tollgate needs, so an operator is not
 * left guessing at a bare 404.
 * Docs: https://www.coze.com/docs/developer_guides/coze_error_codes
 */
const KEY = withStatus(401, AUTH);
const RATE = withStatus(429, RATE_LIMIT);
const CLIENT = withStatus(400, INVALID_REQUEST);
const NOT_FOUND = withStatus(404, MODEL_NOT_FOUND);
const UPSTREAM: StatusClass = { status: 500, type: 'upstream_error', code: 'bad_response_status_code' };

const CODES: Record<number, StatusClass> = { 4100: KEY, 4101: KEY, 4013: RATE, 4000: CLIENT, 4200: NOT_FOUND };

const STATUSES: Record<number, StatusClass> = { 400: CLIENT, 401: KEY, 403: KEY, 404: NOT_FOUND, 429: RATE };

const VERSION_NOTE =
  'Tollgate speaks Coze\'s chat API v2 (/open_api/v2/chat), as one-api does, and not v3 (/v3/chat): check the channel\'s base URL, and that this Coze account and bot still answer v2';

/** Coze's refusal with the version note when it is about the API version (or the v2 endpoint is missing). */
const withVersionNote = (message: string): string => `${message}. ${VERSION_NOTE}`;

const namesVersion = (message: string): boolean => /\bv3\b|api version|deprecat/i.test(message);

/** The refusal a Coze error code stands for. */
export function cozeRefusal(code: number, message: string): UpstreamRefusal {
  const known = CODES[code] ?? UPSTREAM;
  const text = message || `Coze error ${code}`;
  return { status: known.status, error: { message: namesVersion(text) ? withVersionNote(text) : text, type: known.type, code: known.code } };
}

/** The in-band error of a body, or undefined when it is an answer (`code` 0 or absent). */
export function cozeError(body: string): UpstreamRefusal | undefined {
  let parsed: { code?: unknown; msg?: unknown };
  try {
    parsed = JSON.parse(body) as typeof parsed;
  } catch {
    return undefined;
  }
  if (typeof parsed.code !== 'number' || parsed.code === 0) return undefined;
  return cozeRefusal(parsed.code, typeof parsed.msg === 'string' ? parsed.msg : '');
}

/** An error status, or a JSON body where a stream was expected: the Coze code decides, else the status. */
export function parseCozeError(status: number, body: string): UpstreamError {
  const inBand = cozeError(body);
  if (inBand) return inBand.error;
  const generic = parseUpstreamError(status, body);
  const known = classOfStatus(status, STATUSES);
  // With no Coze code, a 404 is the endpoint itself missing, not a bot.
  const message = status === 404 || namesVersion(generic.message) ? withVersionNote(generic.message) : generic.message;
  return known ? { message, type: known.type, code: known.code } : { ...generic, message };
}
