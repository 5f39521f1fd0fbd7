import type { ReadUpstreamError, UpstreamRefusal } from '../adaptor.js';
import { AUTH, INVALID_REQUEST, QUOTA, RATE_LIMIT, SERVER_FAULT, withStatus, type StatusClass } from '../error-classes.js';
import { parseUpstreamError } from '../openai/upstream-error.js';

/**
 * Baidu reports errors in-band, usually with HTTP 200: `{"error_code":110,"error_msg":"…"}` (reference
 * providers.md 7.6). The code gives the class and the status it stands for, which decide retry and disable.
 * Docs: https://cloud.baidu.com/doc/WENXINWORKSHOP/s/tlmyncueh
 */
const KEY = withStatus(401, AUTH);
const OUT_OF_QUOTA = withStatus(429, QUOTA);
const RATE = withStatus(429, RATE_LIMIT);
const BUSY = withStatus(503, SERVER_FAULT);
const CLIENT = withStatus(400, INVALID_REQUEST);

/** 110/111 (token invalid or expired) are auth failures too: the relay drops the token and asks once more. */
const CLASSES: Record<number, StatusClass> = {
  110: KEY, 111: KEY, 6: KEY, 13: KEY, 14: KEY, 15: KEY,
  17: OUT_OF_QUOTA, 19: OUT_OF_QUOTA,
  4: RATE, 18: RATE, 336501: RATE, 336502: RATE,
  336000: BUSY, 336100: BUSY,
  336001: CLIENT, 336002: CLIENT, 336003: CLIENT, 336104: CLIENT, 336105: CLIENT, 336103: CLIENT, 336007: CLIENT,
};

/** The in-band error of a body as a refusal, or undefined when the body is an answer. */
export function baiduError(body: string): UpstreamRefusal | undefined {
  let parsed: { error_code?: unknown; error_msg?: unknown };
  try {
    parsed = JSON.parse(body) as typeof parsed;
  } catch {
    return undefined;
  }
  if (typeof parsed.error_code !== 'number' || parsed.error_code === 0) return undefined;
  const known = CLASSES[parsed.error_code] ?? { status: 500, type: 'upstream_error', code: 'bad_response_status_code' };
  const message = typeof parsed.error_msg === 'string' ? parsed.error_msg : `Baidu error ${parsed.error_code}`;
  return { status: known.status, error: { message, type: known.type, code: known.code } };
}

/**
 * An error status, or a JSON body where a stream was expected (the relay then reads it as a 500): the
 * in-band code decides the class and the status it stands for, as in a non-stream answer.
 */
export function parseBaiduError(status: number, body: string): ReadUpstreamError {
  const found = baiduError(body);
  return found ? { ...found.error, status: found.status } : parseUpstreamError(status, body);
}
