/**
 * Google's RPC error shape, `{"error":{code, message, status, details}}`, with the canonical status names
 * of google.rpc.Code for each HTTP status. Docs: https://cloud.google.com/apis/design/errors#http_mapping,
 * https://ai.google.dev/gemini-api/docs/troubleshooting#error-codes
 */
export interface GoogleErrorBody {
  error: { code: number; message: string; status: string; details?: unknown[] };
}

const STATUS_NAMES: Record<number, string> = {
  400: 'INVALID_ARGUMENT',
  401: 'UNAUTHENTICATED',
  403: 'PERMISSION_DENIED',
  404: 'NOT_FOUND',
  409: 'ABORTED',
  413: 'INVALID_ARGUMENT',
  414: 'INVALID_ARGUMENT',
  415: 'INVALID_ARGUMENT',
  431: 'INVALID_ARGUMENT',
  429: 'RESOURCE_EXHAUSTED',
  499: 'CANCELLED',
  500: 'INTERNAL',
  501: 'UNIMPLEMENTED',
  502: 'UNAVAILABLE',
  503: 'UNAVAILABLE',
  504: 'DEADLINE_EXCEEDED',
};

/** The google.rpc.Code name of an HTTP status; other 4xx are the client's fault, other 5xx Google's. */
export const rpcStatus = (status: number): string => STATUS_NAMES[status] ?? (status >= 500 ? 'INTERNAL' : 'FAILED_PRECONDITION');

export const googleError = (code: number, message: string, details?: unknown[]): GoogleErrorBody => ({
  error: { code, message, status: rpcStatus(code), ...(details && details.length > 0 ? { details } : {}) },
});

/** Google's ErrorInfo detail: a machine-readable reason in a domain. */
export const errorInfo = (reason: string, domain: string, metadata?: Record<string, string>) => ({
  '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
  reason,
  domain,
  ...(metadata ? { metadata } : {}),
});

/** Google's BadRequest detail: which field of the request is wrong. */
export const badRequest = (field: string, description: string) => ({
  '@type': 'type.googleapis.com/google.rpc.BadRequest',
  fieldViolations: [{ field, description }],
});

/**
 * The HTTP status an OpenAI-style error type stands for, for a failure that reaches a Gemini client inside a
 * stream (the hub's `{"error":{message,type,code}}` payload), whose HTTP status is already sent.
 */
export function statusOfErrorType(type: string, code: string): number {
  if (code === 'overloaded') return 503;
  if (code === 'timeout') return 504;
  if (type === 'invalid_request_error') return 400;
  if (type === 'authentication_error') return 401;
  if (type === 'permission_error') return 403;
  if (type === 'rate_limit_error' || type === 'insufficient_quota') return 429;
  return 500;
}
