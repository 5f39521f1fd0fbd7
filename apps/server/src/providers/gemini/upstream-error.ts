import type { ReadUpstreamError } from '../adaptor.js';
import { parseUpstreamError, type UpstreamError } from '../openai/upstream-error.js';

/**
 * Google RPC errors `{error:{code, message, status, details}}` as OpenAI's error type and code (reference
 * providers.md 3.5 and 21.2). Docs: https://ai.google.dev/gemini-api/docs/troubleshooting#error-codes
 * Where the HTTP status misleads, the class carries the status the error stands for:
 * - a bad key is a 400 INVALID_ARGUMENT whose reason is API_KEY_INVALID: an auth failure, 401, so the
 *   request is tried on another channel and auto-disable switches this one off;
 * - FAILED_PRECONDITION (free tier unavailable in the server's country, billing not enabled on the key's
 *   project) is a 400 about the channel, not the request: 403, tried on another channel;
 * - RESOURCE_EXHAUSTED on a per-day quota is the key's quota used up (insufficient_quota, which disables),
 *   where the per-minute ones are rate limits.
 */
interface ErrorClass {
  type: string;
  code: string;
  status?: number;
}

const ERROR_CLASSES: Record<string, ErrorClass> = {
  INVALID_ARGUMENT: { type: 'invalid_request_error', code: 'invalid_request' },
  FAILED_PRECONDITION: { type: 'invalid_request_error', code: 'failed_precondition', status: 403 },
  OUT_OF_RANGE: { type: 'invalid_request_error', code: 'invalid_request' },
  UNAUTHENTICATED: { type: 'authentication_error', code: 'invalid_api_key' },
  PERMISSION_DENIED: { type: 'permission_error', code: 'permission_denied' },
  NOT_FOUND: { type: 'invalid_request_error', code: 'model_not_found' },
  RESOURCE_EXHAUSTED: { type: 'rate_limit_error', code: 'rate_limit_exceeded' },
  CANCELLED: { type: 'server_error', code: 'cancelled' },
  INTERNAL: { type: 'server_error', code: 'server_error' },
  UNAVAILABLE: { type: 'server_error', code: 'overloaded' },
  DEADLINE_EXCEEDED: { type: 'server_error', code: 'timeout' },
};

const BAD_KEY: ErrorClass = { type: 'authentication_error', code: 'invalid_api_key', status: 401 };
const DAILY_QUOTA: ErrorClass = { type: 'insufficient_quota', code: 'insufficient_quota' };

interface GoogleError {
  code?: unknown;
  message?: unknown;
  status?: unknown;
  details?: { reason?: unknown; violations?: { quotaId?: unknown }[] }[];
}

const detailsOf = (error: GoogleError) => (Array.isArray(error.details) ? error.details : []);

function classify(error: GoogleError): ErrorClass | undefined {
  const details = detailsOf(error);
  const badKey = details.some((detail) => detail.reason === 'API_KEY_INVALID') || /api key not valid/i.test(String(error.message ?? ''));
  if (badKey) return BAD_KEY;
  const quotaIds = details.flatMap((detail) => (Array.isArray(detail.violations) ? detail.violations : [])).map((violation) => String(violation.quotaId ?? ''));
  if (error.status === 'RESOURCE_EXHAUSTED' && quotaIds.some((id) => id.includes('PerDay'))) return DAILY_QUOTA;
  return ERROR_CLASSES[String(error.status ?? '')];
}

export function parseGeminiError(status: number, body: string): ReadUpstreamError {
  const generic = parseUpstreamError(status, body);
  let error: GoogleError | undefined;
  try {
    error = (JSON.parse(body) as { error?: GoogleError }).error;
  } catch {
    error = undefined;
  }
  const known = error && typeof error === 'object' ? classify(error) : undefined;
  return known ? { message: generic.message, ...known } : generic;
}

/** A mid-stream error object, as the error of an OpenAI-style chunk (whose status is already sent). */
export function streamError(error: GoogleError): UpstreamError {
  const { type, code } = classify(error) ?? { type: 'server_error', code: 'server_error' };
  return { message: String(error.message ?? 'the upstream stream failed'), type, code };
}
