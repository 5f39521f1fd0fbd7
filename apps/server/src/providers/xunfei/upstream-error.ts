import type { UpstreamRefusal } from '../adaptor.js';
import { AUTH, INVALID_REQUEST, QUOTA, RATE_LIMIT, SERVER_FAULT, withStatus, type StatusClass } from '../error-classes.js';

/**
 * Spark's errors, as OpenAI error classes with the status they stand for, which decide retry and
 * auto-disable (reference providers.md 9.4 and 21.2). In-band codes come in a frame's `header.code`; a
 * refused handshake is an HTTP status on the upgrade. The codes are iFlytek's published table (the
 * reference marks them unconfirmed), so anything unknown is an upstream fault.
 * Docs: https://www.xfyun.cn/doc/spark/%E6%8E%A5%E5%8F%A3%E8%AF%B4%E6%98%8E.html (error codes)
 */
const KEY = withStatus(401, AUTH);
const OUT_OF_QUOTA = withStatus(429, QUOTA);
const RATE = withStatus(429, RATE_LIMIT);
const CLIENT = withStatus(400, INVALID_REQUEST);
const TOO_LONG: StatusClass = { status: 400, type: 'invalid_request_error', code: 'context_length_exceeded' };
const FAULT = withStatus(500, SERVER_FAULT);

const CLASSES: Record<number, StatusClass> = {
  10003: CLIENT, 10004: CLIENT, 10005: CLIENT, 10163: CLIENT,
  10907: TOO_LONG,
  11200: KEY,
  11201: OUT_OF_QUOTA,
  11202: RATE, 11203: RATE,
};

/** Content audit of the question or the answer: not an error to the client, a `content_filter` finish. */
export const CONTENT_FILTER_CODES = new Set([10013, 10014, 10019]);

export const isContentFilter = (code: number | undefined): boolean => code !== undefined && CONTENT_FILTER_CODES.has(code);

/** An in-band error frame (`header.code` not 0, and not a content-audit stop). */
export function sparkFrameError(code: number, message: string | undefined): UpstreamRefusal {
  const { status, ...known } = CLASSES[code] ?? FAULT;
  return { status, error: { message: `Spark error ${code}: ${message ?? 'unknown error'}`, ...known } };
}

/** A refused upgrade: 401/403 are the HMAC checks (bad key, bad signature, clock skew); others keep their status. */
export function sparkHandshakeError(status: number, body: string): UpstreamRefusal {
  let message = body.trim();
  try {
    const parsed = JSON.parse(body) as { message?: unknown };
    if (typeof parsed.message === 'string') message = parsed.message;
  } catch {
    // iFlytek's gateway answers JSON; a plain-text body is kept as it is.
  }
  message = `Spark refused the connection (HTTP ${status})${message ? `: ${message.slice(0, 500)}` : ''}`;
  if (status === 401 || status === 403) return { status, error: { message, type: AUTH.type, code: AUTH.code } };
  if (status === 429) return { status, error: { message, type: RATE.type, code: RATE.code } };
  return { status, error: { message, type: status >= 500 ? 'server_error' : 'upstream_error', code: status >= 500 ? 'server_error' : 'bad_response_status_code' } };
}

/** The body of an error answer made up by the exchange, in OpenAI's shape, which the generic reader reads back. */
export const errorBody = (refusal: UpstreamRefusal): Buffer => Buffer.from(JSON.stringify({ error: refusal.error }));
