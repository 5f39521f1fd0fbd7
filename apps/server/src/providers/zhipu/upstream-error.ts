import { parseUpstreamError, type UpstreamError } from '../openai/upstream-error.js';

/**
 * Zhipu answers `{"error":{"code":"1113","message":"…"}}`, the code a string (reference providers.md 10.2).
 * The code gives the class, so auth and arrears disable the channel even when the status is not 401.
 * Docs: https://docs.bigmodel.cn/api-reference/api-code
 */
interface ErrorClass {
  type: string;
  code: string;
}

const AUTH: ErrorClass = { type: 'authentication_error', code: 'invalid_api_key' };
const QUOTA: ErrorClass = { type: 'insufficient_quota', code: 'insufficient_quota' };
const CLIENT: ErrorClass = { type: 'invalid_request_error', code: 'invalid_request' };
const FILTERED: ErrorClass = { type: 'invalid_request_error', code: 'content_filter' };
const RATE: ErrorClass = { type: 'rate_limit_error', code: 'rate_limit_exceeded' };

export function classify(code: number): ErrorClass | undefined {
  if (code === 1113) return QUOTA;
  if ((code >= 1000 && code <= 1004) || (code >= 1110 && code <= 1121)) return AUTH;
  if (code >= 1210 && code <= 1234) return CLIENT;
  if (code === 1301) return FILTERED;
  if (code === 1302 || code === 1303 || code === 1305) return RATE;
  return undefined;
}

/** v3 puts its code at the top level, a number next to `msg`: `{"code":1002,"msg":"…","success":false}`. */
function topLevelCode(body: string): number {
  try {
    const parsed = JSON.parse(body) as { code?: unknown };
    return typeof parsed.code === 'number' || typeof parsed.code === 'string' ? Number(parsed.code) : NaN;
  } catch {
    return NaN;
  }
}

export function parseZhipuError(status: number, body: string): UpstreamError {
  const generic = parseUpstreamError(status, body);
  const known = classify(Number(generic.code)) ?? classify(topLevelCode(body));
  if (known) return { message: generic.message, ...known };
  return status >= 500 ? { message: generic.message, type: 'server_error', code: 'server_error' } : generic;
}

/** The HTTP status a v3 error found in a 200 answer stands for, which decides retry and auto-disable. */
export function refusalStatus(code: number): number {
  const known = classify(code);
  if (known === AUTH) return 401;
  if (known === QUOTA || known === RATE) return 429;
  if (known === CLIENT || known === FILTERED) return 400;
  return 500;
}
