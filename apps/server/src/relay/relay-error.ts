import { logPhrase } from '@tollgate/contract';
import { openAIErrorBody } from '../providers/openai/ingress/protocol.js';

/**
 * An error answered on /v1 in OpenAI's shape: `{"error":{message,type,param,code}}` with a real status.
 * `retryable` and `disablesChannel` carry what the router and the health monitor need to know.
 */
export class RelayError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code: string = '',
    readonly type: string = 'one_api_error',
    readonly param: string = '',
  ) {
    // Refusals are expected traffic (a client with a bad key can send thousands): no stack trace to capture.
    const stackTraceLimit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    super(message);
    Error.stackTraceLimit = stackTraceLimit;
    this.name = 'RelayError';
  }

  toBody(requestId?: string) {
    return openAIErrorBody(this, requestId);
  }
}

export const relayError = {
  invalidRequest: (message: string, code = 'invalid_request', param = '') => new RelayError(400, message, code, 'invalid_request_error', param),
  unauthorized: (message: string, code = 'invalid_api_key') => new RelayError(401, message, code),
  forbidden: (message: string, code = 'forbidden') => new RelayError(403, message, code),
  insufficientQuota: (message: string) => new RelayError(403, message, 'insufficient_user_quota'),
  notImplemented: () => new RelayError(501, 'API not implemented', 'api_not_implemented'),
  /** The gateway cannot serve the model until an administrator configures it: not the caller's fault nor a permission. */
  notConfigured: (message: string, code: string) => new RelayError(503, message, code, 'model_not_configured'),
  /**
   * No enabled channel of the group serves the model: a 404 as OpenAI answers an unknown model (one-api said 503,
   * which every SDK retries as a passing failure). A channel that exists but fails is a 5xx: retrying may help.
   */
  noChannel: (model: string, group: string) => new RelayError(404, logPhrase('noChannel', { model, group }), 'model_not_found', 'invalid_request_error', 'model'),
};
