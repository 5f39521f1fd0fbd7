/**
 * Anthropic's error shape, `{"type":"error","error":{"type","message"}}`, with its types and the statuses
 * its SDKs and Claude Code read (the SDKs retry 408, 409, 429 and 5xx, Claude Code also 529).
 * Docs: https://docs.anthropic.com/en/api/errors
 */
export interface AnthropicErrorBody {
  type: 'error';
  error: { type: string; message: string };
  request_id?: string;
}

const TYPES: Record<number, string> = {
  400: 'invalid_request_error',
  401: 'authentication_error',
  402: 'billing_error',
  403: 'permission_error',
  404: 'not_found_error',
  413: 'request_too_large',
  429: 'rate_limit_error',
  500: 'api_error',
  504: 'timeout_error',
  529: 'overloaded_error',
};

/**
 * Tollgate's status as one Anthropic answers with: a busy or unavailable upstream (503) is Anthropic's
 * 529 overloaded, a failed one (502 and other 5xx) its 500; other 4xx keep their status.
 */
export function anthropicStatus(status: number, code = '', type = ''): number {
  // No channel serves the model, or it has no price yet: for the client, the model is not there (a 529 would be retried forever).
  if (code === 'model_not_available' || code === 'model_not_found' || type === 'model_not_configured') return 404;
  if (code === 'overloaded' || status === 503 || status === 529) return 529;
  if (status === 504) return 504;
  if (status >= 500) return 500;
  return status;
}

export const anthropicErrorType = (status: number): string => TYPES[status] ?? (status >= 500 ? 'api_error' : 'invalid_request_error');

export const anthropicError = (status: number, message: string, requestId?: string): AnthropicErrorBody => ({
  type: 'error',
  error: { type: anthropicErrorType(status), message },
  ...(requestId ? { request_id: requestId } : {}),
});

/**
 * The Anthropic error type of a failure that reaches the client inside a stream (the hub's
 * `{"error":{message,type,code}}` payload, in OpenAI's terms), whose HTTP status is already sent.
 */
export function streamErrorType(type: string, code: string): string {
  if (code === 'overloaded') return 'overloaded_error';
  if (code === 'timeout') return 'timeout_error';
  if (type === 'insufficient_quota') return 'billing_error';
  if (['invalid_request_error', 'authentication_error', 'permission_error', 'rate_limit_error'].includes(type)) return type;
  return 'api_error';
}
