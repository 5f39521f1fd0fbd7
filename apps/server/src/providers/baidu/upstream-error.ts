import type { ReadUpstreamError, UpstreamRefusal } from '../adaptor.js';
import { parseUpstreamError } from '../openai/upstream-error.js';

/**
 * Baidu reports errors in-band, usually with HTTP 200: `{"error_code":110,"error_msg":"…"}` (reference
 * providers.md 7.6). The code gives the class and the status it stands for, which decide retry and disable.
 * Docs: https://cloud.baidu.com/doc/WENXINWORKSHOP/s/tlmyncueh
 */
type Class = UpstreamRefusal['error'] & { status: number };

const AUTH = { status: 401, type: 'authentication_error', code: 'invalid_api_key' };
const QUOTA = { status: 429, type: 'insufficient_quota', code: 'insufficient_quota' };
const RATE = { status: 429, type: 'rate_limit_error', code: 'rate_limit_exceeded' };
const BUSY = { status: 503, type: 'server_error', code: 'server_error' };
const CLIENT = { status: 400, type: 'invalid_request_error', code: 'invalid_request' };

/** 110/111 (token invalid or expired) are auth failures too: the relay drops the token and asks once more. */
const CLASSES: Record<number, Omit<Class, 'message'>> = {
  110: AUTH, 111: AUTH, 6: AUTH, 13: AUTH, 14: AUTH, 15: AUTH,
  17: QUOTA, 19: QUOTA,
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
