import type { UpstreamRefusal } from '../adaptor.js';
import { AUTH, INVALID_REQUEST, MODEL_NOT_FOUND, PERMISSION, QUOTA, RATE_LIMIT, SERVER_FAULT, withStatus, type StatusClass } from '../error-classes.js';
import { parseUpstreamError, type UpstreamError } from '../openai/upstream-error.js';
import type { HunyuanAnswer, HunyuanError } from './wire-types.js';

/**
 * Tencent Cloud API 3.0 reports errors with HTTP 200, as `{"Response":{"Error":{"Code","Message"}}}`
 * (reference providers.md 11.4, 21.2). The code gives the class and the status it stands for, which
 * decide retry and auto-disable. Unknown codes are upstream faults.
 * Docs: https://cloud.tencent.com/document/api/1729/101842 (Hunyuan error codes) and the common codes.
 */
const KEY = withStatus(401, AUTH);
const DENIED = withStatus(403, PERMISSION);
const BILLING = withStatus(402, QUOTA);
const RATE = withStatus(429, RATE_LIMIT);
const FILTERED: StatusClass = { status: 400, type: 'invalid_request_error', code: 'content_filter' };
const CLIENT = withStatus(400, INVALID_REQUEST);
const MODEL = withStatus(400, MODEL_NOT_FOUND);
const FAULT = withStatus(500, SERVER_FAULT);

const EXACT: Record<string, StatusClass> = {
  'ResourceInsufficient.ChargeResourceExhaust': BILLING,
  'FailedOperation.ServiceNotActivated': BILLING,
  'FailedOperation.EngineServerLimitExceeded': RATE,
  'InvalidParameterValue.Model': MODEL,
  RequestLimitExceeded: RATE,
};

/** Families by code prefix, the longest first so `AuthFailure.` is not shadowed by anything shorter. */
const FAMILIES: [string, StatusClass][] = [
  ['AuthFailure', KEY],
  ['UnauthorizedOperation', DENIED],
  ['ResourceUnavailable', BILLING],
  ['RequestLimitExceeded', RATE],
  ['LimitExceeded', RATE],
  ['OperationDenied.TextIllegalDetected', FILTERED],
  ['OperationDenied.ImageIllegalDetected', FILTERED],
  ['InvalidParameterValue', CLIENT],
  ['InvalidParameter', CLIENT],
  ['MissingParameter', CLIENT],
  ['UnknownParameter', CLIENT],
  ['UnsupportedOperation', CLIENT],
];

export function hunyuanErrorClass(code: string): StatusClass {
  return EXACT[code] ?? FAMILIES.find(([prefix]) => code === prefix || code.startsWith(`${prefix}.`))?.[1] ?? FAULT;
}

export function hunyuanRefusal(error: HunyuanError): UpstreamRefusal {
  const code = error.Code ?? 'InternalError';
  const { status, ...known } = hunyuanErrorClass(code);
  return { status, error: { message: `${error.Message ?? 'Hunyuan error'} (${code})`, ...known } };
}

/** The error of a body, wrapped in `Response` (answers) or bare (stream events), or undefined. */
export function hunyuanError(body: string): UpstreamRefusal | undefined {
  let parsed: { Response?: HunyuanAnswer } & HunyuanAnswer;
  try {
    parsed = JSON.parse(body) as typeof parsed;
  } catch {
    return undefined;
  }
  const error = parsed.Response?.Error ?? parsed.Error;
  return error && (error.Code || error.Message) ? hunyuanRefusal(error) : undefined;
}

/** An error status (rare: Tencent answers 200) reads the same envelope when there is one. */
export function parseHunyuanError(status: number, body: string): UpstreamError {
  return hunyuanError(body)?.error ?? parseUpstreamError(status, body);
}
