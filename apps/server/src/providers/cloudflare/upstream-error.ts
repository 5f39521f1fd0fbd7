import type { ReadUpstreamError, UpstreamRefusal } from '../adaptor.js';
import { AUTH, INVALID_REQUEST, MODEL_NOT_FOUND, RATE_LIMIT, classOfStatus, type ErrorClass } from '../error-classes.js';
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

const AUTH_CODES = new Set([10000, 10001, 9109]);

const STATUS_CLASSES: Record<number, ErrorClass> = { 400: INVALID_REQUEST, 401: AUTH, 403: AUTH, 404: MODEL_NOT_FOUND, 413: INVALID_REQUEST, 429: RATE_LIMIT };

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
  const known = authCode ? AUTH : classOfStatus(status, STATUS_CLASSES);
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
