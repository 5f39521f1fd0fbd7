import { parseUpstreamError, type UpstreamError } from '../openai/upstream-error.js';

/**
 * Google RPC errors `{error:{code, message, status, details}}` as OpenAI's error type and code (reference
 * providers.md 3.5). Docs: https://ai.google.dev/gemini-api/docs/troubleshooting#error-codes
 * A bad key is a 400 INVALID_ARGUMENT whose reason is API_KEY_INVALID: it is classed as an
 * authentication error so the auto-disable rules switch the channel off.
 */
const ERROR_CLASSES: Record<string, { type: string; code: string }> = {
  INVALID_ARGUMENT: { type: 'invalid_request_error', code: 'invalid_request' },
  FAILED_PRECONDITION: { type: 'invalid_request_error', code: 'failed_precondition' },
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

const BAD_KEY = { type: 'authentication_error', code: 'invalid_api_key' };

interface GoogleError {
  code?: unknown;
  message?: unknown;
  status?: unknown;
  details?: { reason?: unknown }[];
}

function classify(error: GoogleError): { type: string; code: string } | undefined {
  const badKey = error.details?.some((detail) => detail.reason === 'API_KEY_INVALID') || /api key not valid/i.test(String(error.message ?? ''));
  return badKey ? BAD_KEY : ERROR_CLASSES[String(error.status ?? '')];
}

export function parseGeminiError(status: number, body: string): UpstreamError {
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

/** A mid-stream error object, as the error of an OpenAI-style chunk. */
export function streamError(error: GoogleError): UpstreamError {
  return { message: String(error.message ?? 'the upstream stream failed'), ...(classify(error) ?? { type: 'server_error', code: 'server_error' }) };
}
