import { parseUpstreamError, type UpstreamError } from '../openai/upstream-error.js';

/**
 * Bedrock's error names as OpenAI's error type and code (reference providers.md 5.6 and 21.2). The name
 * comes from the `x-amzn-ErrorType` header, which the exchange copies into the body as `__type` (the
 * field AWS's JSON protocol uses) since error bodies reach `parseError` without their headers.
 * Bad keys and signatures keep the names the auto-disable rules know; throttling stays a rate limit and
 * model or service faults stay 5xx, which the relay retries on another channel.
 * Docs: https://docs.aws.amazon.com/bedrock/latest/userguide/troubleshooting-api-error-codes.html
 */
type ErrorClass = Omit<UpstreamError, 'message'>;

const AUTH: ErrorClass = { type: 'authentication_error', code: 'invalid_api_key' };

const ERROR_CLASSES: Record<string, ErrorClass> = {
  UnrecognizedClientException: AUTH,
  InvalidSignatureException: AUTH,
  InvalidClientTokenId: AUTH,
  MissingAuthenticationTokenException: AUTH,
  ExpiredTokenException: AUTH,
  AccessDeniedException: { type: 'permission_error', code: 'permission_denied' },
  ValidationException: { type: 'invalid_request_error', code: 'invalid_request' },
  // Our signature is malformed or our clock is off: not the client's fault, and not the key's.
  IncompleteSignature: { type: 'upstream_error', code: 'signature_error' },
  RequestExpired: { type: 'upstream_error', code: 'signature_error' },
  ResourceNotFoundException: { type: 'invalid_request_error', code: 'model_not_found' },
  ThrottlingException: { type: 'rate_limit_error', code: 'rate_limit_exceeded' },
  ServiceQuotaExceededException: { type: 'insufficient_quota', code: 'insufficient_quota' },
  ModelNotReadyException: { type: 'server_error', code: 'model_not_ready' },
  ModelTimeoutException: { type: 'server_error', code: 'timeout' },
  ModelErrorException: { type: 'server_error', code: 'model_error' },
  ModelStreamErrorException: { type: 'server_error', code: 'model_error' },
  InternalServerException: { type: 'server_error', code: 'server_error' },
  ServiceUnavailableException: { type: 'server_error', code: 'service_unavailable' },
};

/**
 * `ThrottlingException:http://internal.amazon.com/coral/…`, `com.amazon.coral#ThrottlingException` or a
 * stream's `throttlingException`, as the bare name with a capital first letter.
 */
export function errorName(raw: string): string {
  const name = raw.split(':')[0]?.split('#').at(-1)?.trim() ?? '';
  return name.charAt(0).toUpperCase() + name.slice(1);
}

/** The class of an error without a known name, from its status. */
function classOfStatus(status: number): ErrorClass {
  if (status === 401 || status === 403) return AUTH;
  if (status === 429) return ERROR_CLASSES.ThrottlingException ?? AUTH;
  if (status >= 500 || status === 408 || status === 424) return { type: 'server_error', code: 'server_error' };
  return { type: 'invalid_request_error', code: 'invalid_request' };
}

/** A non-2xx answer (`{"message":"…","__type":"<name>"}`) in OpenAI's terms. */
export function parseBedrockError(status: number, body: string): UpstreamError {
  const { message } = parseUpstreamError(status, body);
  let type = '';
  try {
    const parsed = JSON.parse(body) as { __type?: unknown; Message?: unknown };
    if (typeof parsed.__type === 'string') type = parsed.__type;
    if (message.startsWith('bad response status code') && typeof parsed.Message === 'string') return { message: parsed.Message, ...classOf(status, type) };
  } catch {
    // A proxy's page: the status decides.
  }
  return { message, ...classOf(status, type) };
}

const classOf = (status: number, type: string): ErrorClass => ERROR_CLASSES[errorName(type)] ?? classOfStatus(status);

/** An exception frame inside a stream (`:exception-type` = `throttlingException`, …) as an OpenAI error. */
export function streamExceptionError(type: string, message: string): UpstreamError {
  return { message: `${errorName(type)}: ${message}`, ...(ERROR_CLASSES[errorName(type)] ?? { type: 'server_error', code: 'server_error' }) };
}
