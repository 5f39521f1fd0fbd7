/**
 * Typed errors of the /api surface, answered in one place (app.ts). Business failures are HTTP 200 with
 * success=false, as one-api's console and scripts expect; only "not logged in" (401) and rate limits (429)
 * use a different status.
 */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number = 200,
    readonly code: string = 'bad_request',
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const fail = (message: string, code = 'bad_request') => new ApiError(message, 200, code);
export const notLoggedIn = () => new ApiError('not logged in and no access token', 401, 'not_logged_in');
export const permissionDenied = () => new ApiError('permission denied: insufficient role', 200, 'permission_denied');
export const tooManyRequests = () => new ApiError('too many requests, please try again later', 429, 'rate_limited');
