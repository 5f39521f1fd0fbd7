import type { ReadUpstreamError } from '../adaptor.js';
import { parseUpstreamError, type UpstreamError } from '../openai/upstream-error.js';

/**
 * Anthropic's error types as OpenAI's error type and code (reference providers.md 2.5). The types that
 * mean the key is bad or out of credit keep names the auto-disable rules know; overload and server
 * faults stay 5xx, which the relay retries on another channel.
 */
const ERROR_CLASSES: Record<string, { type: string; code: string }> = {
  invalid_request_error: { type: 'invalid_request_error', code: 'invalid_request' },
  authentication_error: { type: 'authentication_error', code: 'invalid_api_key' },
  permission_error: { type: 'permission_error', code: 'permission_denied' },
  billing_error: { type: 'insufficient_quota', code: 'insufficient_quota' },
  not_found_error: { type: 'invalid_request_error', code: 'model_not_found' },
  request_too_large: { type: 'invalid_request_error', code: 'request_too_large' },
  rate_limit_error: { type: 'rate_limit_error', code: 'rate_limit_exceeded' },
  api_error: { type: 'server_error', code: 'server_error' },
  timeout_error: { type: 'server_error', code: 'timeout' },
  overloaded_error: { type: 'server_error', code: 'overloaded' },
};

/**
 * Anthropic answers some low-credit refusals as a 400 `invalid_request_error` ("Your credit balance is too
 * low to access the Anthropic API."): the account's billing, not the request, so it reads as the 402
 * `billing_error` it stands for: tried on another channel, and this one disabled.
 */
const LOW_CREDIT = /credit balance is too low/i;
const LOW_CREDIT_CLASS = { type: 'insufficient_quota', code: 'insufficient_quota', status: 402 };

/** `{type:"error", error:{type, message}}` in OpenAI's terms; other bodies (a proxy's page) read generically. */
export function parseAnthropicError(status: number, body: string): ReadUpstreamError {
  const generic = parseUpstreamError(status, body);
  const known = generic.type === 'invalid_request_error' && LOW_CREDIT.test(generic.message) ? LOW_CREDIT_CLASS : ERROR_CLASSES[generic.type];
  return known ? { message: generic.message, ...known } : generic;
}

/** A mid-stream `error` event's payload, as the error object of an OpenAI-style chunk. */
export function streamError(error: { type?: unknown; message?: unknown } | undefined): UpstreamError {
  const type = String(error?.type ?? 'api_error');
  const known = ERROR_CLASSES[type] ?? { type: 'server_error', code: type };
  return { message: String(error?.message ?? 'the upstream stream failed'), ...known };
}
