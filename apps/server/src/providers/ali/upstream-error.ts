import type { ReadUpstreamError } from '../adaptor.js';
import { AUTH, INVALID_REQUEST, MODEL_NOT_FOUND, PERMISSION, RATE_LIMIT, SERVER_FAULT, classOfStatus, type ErrorClass } from '../error-classes.js';
import { parseUpstreamError, type UpstreamError } from '../openai/upstream-error.js';

/**
 * DashScope answers `{"code":"InvalidApiKey","message":"…","request_id":"…"}` (reference providers.md 8.5).
 * The code decides the class where the status cannot: an account in arrears is a 400 but means the
 * channel has no credit, so it stands for a 402: another channel is tried and this one is disabled.
 * Docs: https://www.alibabacloud.com/help/en/model-studio/error-code
 */
const BY_CODE: Record<string, ErrorClass & { status?: number }> = {
  InvalidApiKey: AUTH,
  AccessDenied: PERMISSION,
  'AccessDenied.Unpurchased': { type: 'permission_error', code: 'model_not_enabled' },
  Arrearage: { type: 'insufficient_quota', code: 'insufficient_quota', status: 402 },
  DataInspectionFailed: { type: 'invalid_request_error', code: 'content_filter' },
  Throttling: RATE_LIMIT,
  'Throttling.RateQuota': RATE_LIMIT,
  'Throttling.AllocationQuota': RATE_LIMIT,
  InternalError: SERVER_FAULT,
};

const BY_STATUS: Record<number, ErrorClass> = { 400: INVALID_REQUEST, 401: AUTH, 403: PERMISSION, 404: MODEL_NOT_FOUND, 429: RATE_LIMIT };

function errorCode(body: string): string {
  try {
    const parsed = JSON.parse(body) as { code?: unknown };
    return typeof parsed.code === 'string' ? parsed.code : '';
  } catch {
    return '';
  }
}

const classify = (status: number, code: string) => BY_CODE[code] ?? classOfStatus(status, BY_STATUS);

export function parseDashScopeError(status: number, body: string): ReadUpstreamError {
  const generic = parseUpstreamError(status, body);
  const known = classify(status, errorCode(body));
  return known ? { message: generic.message, ...known } : generic;
}

/** An `event:error` frame of a stream, as the error of an OpenAI-style chunk. */
export const streamError = (code: string, message: string): UpstreamError => {
  const { type, code: openAICode } = classify(500, code) ?? SERVER_FAULT;
  return { message, type, code: openAICode };
};
