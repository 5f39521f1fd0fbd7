import { renderMessage, type MessageCode, type MessageLanguage, type MessageParams } from '@tollgate/contract';

/**
 * Typed errors of the /api surface, answered in one place (app.ts). Business failures are HTTP 200 with
 * success=false, as one-api's console and scripts expect; only "not logged in" (401) and rate limits (429)
 * use a different status. An error is a code of the contract's message catalog with its parameters, answered
 * in the request's language (see language.ts); `message` is the English text, for logs and for scripts.
 */
export class ApiError extends Error {
  constructor(
    readonly code: MessageCode,
    readonly params: MessageParams = {},
    readonly status: number = 200,
  ) {
    super(renderMessage({ code, params }, 'en'));
    this.name = 'ApiError';
  }

  messageIn(language: MessageLanguage): string {
    return renderMessage({ code: this.code, params: this.params }, language);
  }
}

export const fail = (code: MessageCode, params?: MessageParams) => new ApiError(code, params);
export const notLoggedIn = () => new ApiError('http.not_logged_in', {}, 401);
export const permissionDenied = () => new ApiError('http.permission_denied');
export const tooManyRequests = () => new ApiError('http.too_many_requests', {}, 429);
