import type { IngressProtocol, RelayFailure } from '../../ingress.js';
import { badRequest, errorInfo, googleError } from './google-error.js';
import { INVALID_ARGUMENT } from './invalid-argument.js';

/**
 * The Gemini API as clients call it (google-genai SDKs, Gemini CLI): the key in `x-goog-api-key` (what the
 * SDKs send), the `key` query parameter, or `Authorization: Bearer`; errors in Google's RPC shape.
 * Docs: https://ai.google.dev/api#authentication, https://ai.google.dev/gemini-api/docs/troubleshooting
 */
const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/**
 * Google answers a key it does not know with 400 INVALID_ARGUMENT and an ErrorInfo whose reason is
 * API_KEY_INVALID, not 401, and clients special-case exactly that (the SDKs and Gemini CLI tell the user to
 * fix the key instead of retrying): a Tollgate key that is missing or unknown is refused the same way.
 * Other refusals of a known key (disabled, expired, used up) keep their 401 as UNAUTHENTICATED, and so does a
 * channel's own key refused upstream (an `authentication_error`, not Tollgate's `one_api_error`): the
 * client's key is not the one to fix then.
 */
const BAD_KEY_MESSAGE = 'API key not valid. Please pass a valid API key.';

const badTollgateKey = (failure: RelayFailure) => failure.status === 401 && failure.code === 'invalid_api_key' && failure.type === 'one_api_error';

function errorBody(failure: RelayFailure, requestId: string) {
  if (badTollgateKey(failure)) {
    return googleError(400, BAD_KEY_MESSAGE, [errorInfo('API_KEY_INVALID', 'googleapis.com', { service: 'generativelanguage.googleapis.com', reason: failure.message })]);
  }
  const details: unknown[] = failure.code ? [errorInfo(failure.code.toUpperCase(), 'tollgate')] : [];
  if (failure.code === INVALID_ARGUMENT && failure.param) details.push(badRequest(failure.param, failure.message));
  return googleError(failure.status, `${failure.message} (request id: ${requestId})`, details);
}

export const geminiProtocol: IngressProtocol = {
  protocol: 'gemini',
  credential(headers, query) {
    const apiKey = first(headers['x-goog-api-key']) ?? (typeof query.key === 'string' ? query.key : undefined);
    return apiKey ? `Bearer ${apiKey}` : first(headers.authorization);
  },
  error(failure, requestId) {
    const body = errorBody(failure, requestId);
    return { status: body.error.code, body };
  },
};
