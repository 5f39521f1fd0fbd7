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

function classify(code: number): ErrorClass | undefined {
  if (code === 1113) return QUOTA;
  if ((code >= 1000 && code <= 1004) || (code >= 1110 && code <= 1121)) return AUTH;
  if (code >= 1210 && code <= 1234) return CLIENT;
  if (code === 1301) return FILTERED;
  if (code === 1302 || code === 1303 || code === 1305) return RATE;
  return undefined;
}

export function parseZhipuError(status: number, body: string): UpstreamError {
  const generic = parseUpstreamError(status, body);
  const known = classify(Number(generic.code));
  if (known) return { message: generic.message, ...known };
  return status >= 500 ? { message: generic.message, type: 'server_error', code: 'server_error' } : generic;
}
