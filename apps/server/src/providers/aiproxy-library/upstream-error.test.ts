import { describe, expect, it } from 'vitest';
import { classifyFailure } from '../../relay/upstream-call.js';
import { libraryAnswerError, parseLibraryError } from './upstream-error.js';

describe('AI Proxy library errors (reference providers.md 19)', () => {
  it.each([
    [{ success: false, errCode: 401, message: 'Invalid API key' }, 401, 'authentication_error', true, true],
    [{ success: false, errCode: 1001, message: 'library not found' }, 500, 'upstream_error', true, false],
    [{ success: false, errCode: 7 }, 500, 'upstream_error', true, false],
  ])('in a 200 body: %o', (body, status, type, retryable, disables) => {
    const refusal = libraryAnswerError(JSON.stringify(body));
    expect(refusal).toMatchObject({ status, error: { type } });
    const failure = classifyFailure(status, refusal!.error);
    expect(failure.retryable).toBe(retryable);
    expect(failure.disableChannel).toBe(disables);
  });

  it('finds nothing in an answer', () => {
    expect(libraryAnswerError('{"success":true,"answer":"hi","documents":[]}')).toBeUndefined();
  });

  it.each([
    [400, '{"success":false,"message":"query is empty"}', 'invalid_request_error', 'query is empty'],
    [401, '{"success":false,"message":"no key"}', 'authentication_error', 'no key'],
    [402, '{"success":false,"message":"balance is not enough"}', 'insufficient_quota', 'balance is not enough'],
    [429, '{"success":false,"message":"slow down"}', 'rate_limit_error', 'slow down'],
    [502, 'Bad Gateway', 'server_error', 'Bad Gateway'],
    [500, '{"success":false,"message":"Invalid API key"}', 'authentication_error', 'Invalid API key'],
  ])('with status %i %s', (status, body, type, message) => {
    expect(parseLibraryError(status, body)).toMatchObject({ type, message });
  });
});
