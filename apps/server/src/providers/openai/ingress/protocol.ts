import type { IngressProtocol, RelayFailure } from '../../ingress.js';

/** OpenAI's error object, `{"error":{message,type,param,code}}`, with Tollgate's request id in the message (as one-api). */
export const openAIErrorBody = (failure: RelayFailure, requestId?: string) => ({
  error: { message: requestId ? `${failure.message} (request id: ${requestId})` : failure.message, type: failure.type, param: failure.param, code: failure.code },
});

/**
 * OpenAI's client API (Chat Completions and the rest of /v1, and the Responses API): the key in
 * `Authorization: Bearer`, errors as OpenAI's error object with the real status.
 * Docs: https://platform.openai.com/docs/api-reference/authentication, https://platform.openai.com/docs/guides/error-codes
 */
export const openAIProtocol: IngressProtocol = {
  protocol: 'openai',
  credential: (headers) => {
    const value = headers.authorization;
    return Array.isArray(value) ? value[0] : value;
  },
  error: (failure, requestId) => ({ status: failure.status, body: openAIErrorBody(failure, requestId) }),
};
