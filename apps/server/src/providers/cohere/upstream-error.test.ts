import { describe, expect, it } from 'vitest';
import { classifyFailure } from '../../relay/upstream-call.js';
import { parseCohereError } from './upstream-error.js';

describe('Cohere errors (reference providers.md 12 and 21)', () => {
  it.each([
    [400, 'invalid request: message must be at least 1 token long', 'invalid_request_error', 'invalid_request', false, false],
    [401, 'invalid api token', 'authentication_error', 'invalid_api_key', true, true],
    [402, 'Please add or update your payment method', 'insufficient_quota', 'insufficient_quota', true, true],
    [404, "model 'command-x' not found", 'invalid_request_error', 'model_not_found', true, false],
    [422, 'invalid type for parameter', 'invalid_request_error', 'invalid_request', false, false],
    [429, "You are using a Trial key, which is limited to 10 API calls / minute", 'rate_limit_error', 'rate_limit_exceeded', true, false],
    [500, 'internal server error', 'server_error', 'server_error', true, false],
    [503, 'service unavailable', 'server_error', 'server_error', true, false],
  ])('%i: %s', (status, message, type, code, retryable, disables) => {
    const failure = classifyFailure(status, parseCohereError(status, JSON.stringify({ message })));
    expect(failure.error.toBody()).toEqual({ error: { message, type, code, param: String(status) } });
    expect(failure.retryable).toBe(retryable);
    expect(failure.disableChannel).toBe(disables);
  });
});
