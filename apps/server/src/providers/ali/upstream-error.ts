import type { ReadUpstreamError } from '../adaptor.js';
import { parseUpstreamError, type UpstreamError } from '../openai/upstream-error.js';

/**
 * DashScope answers `{"code":"InvalidApiKey","message":"…","request_id":"…"}` (reference providers.md 8.5).
 * The code decides the class where the status cannot: an account in arrears is a 400 but means the
 * channel has no credit, so it stands for a 402: another channel is tried and this one is disabled.
 * Docs: https://www.alibabacloud.com/help/en/model-studio/error-code
 */
type ErrorClass = { type: string; code: string; status?: number };

const AUTH: ErrorClass = { type: 'authentication_error', code: 'invalid_api_key' };
const RATE_LIMIT: ErrorClass = { type: 'rate_limit_error', code: 'rate_limit_exceeded' };

const BY_CODE: Record<string, ErrorClass> = {
  InvalidApiKey: AUTH,
  AccessDenied: { type: 'permission_error', code: 'permission_denied' },
  'AccessDenied.Unpurchased': { type: 'permission_error', code: 'model_not_enabled' },
  Arrearage: { type: 'insufficient_quota', code: 'insufficient_quota', status: 402 },
  DataInspectionFailed: { type: 'invalid_request_error', code: 'content_filter' },
  Throttling: RATE_LIMIT,
  'Throttling.RateQuota': RATE_LIMIT,
  'Throttling.AllocationQuota': RATE_LIMIT,
  InternalError: { type: 'server_error', code: 'server_error' },
};

const BY_STATUS: Record<number, ErrorClass> = {
  400: { type: 'invalid_request_error', code: 'invalid_request' },
  401: AUTH,
  403: { type: 'permission_error', code: 'permission_denied' },
  404: { type: 'invalid_request_error', code: 'model_not_found' },
  429: RATE_LIMIT,
};

function errorCode(body: string): string {
  try {
    const parsed = JSON.parse(body) as { code?: unknown };
    return typeof parsed.code === 'string' ? parsed.code : '';
  } catch {
    return '';
  }
}

const classify = (status: number, code: string) => BY_CODE[code] ?? BY_STATUS[status] ?? (status >= 500 ? { type: 'server_error', code: 'server_error' } : undefined);

export function parseDashScopeError(status: number, body: string): ReadUpstreamError {
  const generic = parseUpstreamError(status, body);
  const known = classify(status, errorCode(body));
  return known ? { message: generic.message, ...known } : generic;
}

/** An `event:error` frame of a stream, as the error of an OpenAI-style chunk. */
export const streamError = (code: string, message: string): UpstreamError => {
  const { type, code: openAICode } = classify(500, code) ?? { type: 'server_error', code: 'server_error' };
  return { message, type, code: openAICode };
};
