import { describe, expect, it } from 'vitest';
import { classifyFailure } from '../../relay/upstream-call.js';
import { parseGeminiError } from './upstream-error.js';

const body = (code: number, status: string, message: string, details: unknown[] = []) => JSON.stringify({ error: { code, message, status, details } });
const BAD_KEY_DETAILS = [{ '@type': 'type.googleapis.com/google.rpc.ErrorInfo', reason: 'API_KEY_INVALID', domain: 'googleapis.com' }];

describe('Gemini errors (reference providers.md 3.5)', () => {
  it.each([
    [400, 'INVALID_ARGUMENT', 'API key not valid. Please pass a valid API key.', BAD_KEY_DETAILS, 'authentication_error', 'invalid_api_key', false, true],
    [400, 'INVALID_ARGUMENT', '* GenerateContentRequest.contents: contents is not specified', [], 'invalid_request_error', 'invalid_request', false, false],
    [400, 'FAILED_PRECONDITION', 'User location is not supported for the API use.', [], 'invalid_request_error', 'failed_precondition', false, false],
    [401, 'UNAUTHENTICATED', 'Request had invalid authentication credentials.', [], 'authentication_error', 'invalid_api_key', true, true],
    [403, 'PERMISSION_DENIED', 'Permission denied: Consumer has been suspended.', [], 'permission_error', 'permission_denied', true, true],
    [404, 'NOT_FOUND', 'models/gemini-9 is not found for API version v1beta', [], 'invalid_request_error', 'model_not_found', true, false],
    [429, 'RESOURCE_EXHAUSTED', 'You exceeded your current quota, please check your plan and billing details.', [], 'rate_limit_error', 'rate_limit_exceeded', true, false],
    [500, 'INTERNAL', 'An internal error has occurred.', [], 'server_error', 'server_error', true, false],
    [503, 'UNAVAILABLE', 'The model is overloaded. Please try again later.', [], 'server_error', 'overloaded', true, false],
    [504, 'DEADLINE_EXCEEDED', 'Deadline expired before operation could complete.', [], 'server_error', 'timeout', true, false],
  ])('%i %s: %s', (status, googleStatus, message, details, type, code, retryable, disables) => {
    const failure = classifyFailure(status, parseGeminiError(status, body(status, googleStatus, message, details)));
    expect(failure.error.toBody()).toEqual({ error: { message, type, code, param: String(status) } });
    expect(failure.error.status).toBe(status);
    expect(failure.retryable).toBe(retryable);
    expect(failure.disableChannel).toBe(disables);
  });

  it('reads a body that is not Google JSON (a proxy in front) generically', () => {
    expect(parseGeminiError(502, 'Bad Gateway')).toMatchObject({ message: 'Bad Gateway', type: 'upstream_error' });
  });
});
