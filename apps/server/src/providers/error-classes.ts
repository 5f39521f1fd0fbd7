import type { UpstreamError } from './openai/upstream-error.js';

/**
 * The OpenAI error classes (type and code) that adaptors read upstream errors into. The relay's retry and
 * auto-disable rules and OpenAI's SDKs know these names, so every protocol says "bad key" or "rate limit"
 * the same way; each protocol keeps its own table of which code or status is which class.
 */
export type ErrorClass = Omit<UpstreamError, 'message'>;

export const AUTH: ErrorClass = { type: 'authentication_error', code: 'invalid_api_key' };
export const PERMISSION: ErrorClass = { type: 'permission_error', code: 'permission_denied' };
export const QUOTA: ErrorClass = { type: 'insufficient_quota', code: 'insufficient_quota' };
export const RATE_LIMIT: ErrorClass = { type: 'rate_limit_error', code: 'rate_limit_exceeded' };
export const INVALID_REQUEST: ErrorClass = { type: 'invalid_request_error', code: 'invalid_request' };
export const MODEL_NOT_FOUND: ErrorClass = { type: 'invalid_request_error', code: 'model_not_found' };
export const SERVER_FAULT: ErrorClass = { type: 'server_error', code: 'server_error' };

/**
 * The class an HTTP status stands for, when the body says no more: the protocol's table, else a server
 * fault from `serverFrom` up (retried on another channel), else none (the generic reading stands).
 */
export const classOfStatus = (status: number, table: Readonly<Record<number, ErrorClass>>, serverFrom = 500): ErrorClass | undefined =>
  table[status] ?? (status >= serverFrom ? SERVER_FAULT : undefined);

/**
 * A class with the HTTP status it stands for, for protocols that report errors in-band (a code in a 200
 * body or a stream frame): the relay's retry and auto-disable rules read the status, so each code's class
 * carries the one an HTTP answer would have had.
 */
export type StatusClass = ErrorClass & { status: number };

export const withStatus = (status: number, errorClass: ErrorClass): StatusClass => ({ status, ...errorClass });
