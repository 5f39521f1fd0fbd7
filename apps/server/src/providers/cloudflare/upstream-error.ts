import type { ReadUpstreamError, UpstreamRefusal } from '../adaptor.js';
import { parseUpstreamError } from '../openai/upstream-error.js';

/**
 * Cloudflare's API envelope reports errors as `{"success":false,"errors":[{"code":10000,"message":"…"}]}`
 * (reference providers.md 13 and 21.2): code 10000 and 401/403 are a bad token, 429 is the rate limit (or
 * the free plan's daily Neurons, which come back the next day, so the channel is not disabled for it).
 * Docs: https://developers.cloudflare.com/fundamentals/api/reference/errors/
 */
interface CloudflareEnvelope {
  success?: unknown;
  errors?: { code?: unknown; message?: unknown }[];
}

const AUTH = { type: 'authentication_error', code: 'invalid_api_key' };
const RATE = { type: 'rate_limit_error', code: 'rate_limit_exceeded' };
const CLIENT = { type: 'invalid_request_error', code: 'invalid_request' };
const SERVER = { type: 'server_error', code: 'server_error' };

const AUTH_CODES = new Set([10000, 10001, 9109]);

const STATUS_CLASSES: Record<number, { type: string; code: string }> = {
  400: CLIENT,
  401: AUTH,
  403: AUTH,
  404: { type: 'invalid_request_error', code: 'model_not_found' },
  413: CLIENT,
  429: RATE,
};

function envelopeOf(body: string): CloudflareEnvelope | undefined {
  try {
    const parsed = JSON.parse(body) as CloudflareEnvelope;
    return parsed && typeof parsed === 'object' && Array.isArray(parsed.errors) ? parsed : undefined;
  } catch {
    return undefined;
  }
}

const describe = (errors: NonNullable<CloudflareEnvelope['errors']>) =>
  errors.map((e) => (typeof e.code === 'number' ? `${String(e.message ?? 'error')} (code ${e.code})` : String(e.message ?? 'error'))).join('; ');

export function parseCloudflareError(status: number, body: string): ReadUpstreamError {
  const envelope = envelopeOf(body);
  const errors = envelope?.errors ?? [];
  const authCode = errors.some((e) => typeof e.code === 'number' && AUTH_CODES.has(e.code));
  const known = authCode ? AUTH : (STATUS_CLASSES[status] ?? (status >= 500 ? SERVER : undefined));
  const message = errors.length > 0 ? describe(errors) : parseUpstreamError(status, body).message;
  if (!known) return errors.length > 0 ? { message, type: 'upstream_error', code: 'bad_response_status_code' } : parseUpstreamError(status, body);
  // A bad token's code under another status (a 400) is still the channel's auth failure: 401, retried elsewhere.
  return authCode && status !== 401 && status !== 403 ? { message, ...known, status: 401 } : { message, ...known };
}

/** A 200 envelope that still says `success:false` (the native API does this for some model errors). */
export function cloudflareAnswerError(body: Buffer): UpstreamRefusal | undefined {
  const envelope = envelopeOf(body.toString('utf8'));
  if (!envelope || envelope.success !== false || envelope.errors?.length === 0) return undefined;
  const error = parseCloudflareError(200, body.toString('utf8'));
  const status = error.type === 'authentication_error' ? 401 : error.type === 'rate_limit_error' ? 429 : 500;
  return { status, error };
}
