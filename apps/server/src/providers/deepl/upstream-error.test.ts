import { describe, expect, it } from 'vitest';
import { classifyFailure } from '../../relay/upstream-call.js';
import { parseDeepLError, quotaErrorBody } from './upstream-error.js';

describe('DeepL errors (reference providers.md 15 and 21.2)', () => {
  it.each([
    [400, { message: 'Bad request', detail: "Value for 'target_lang' not supported." }, "Bad request: Value for 'target_lang' not supported.", 'invalid_request_error', false, false],
    [403, { message: 'Authorization failure, check auth_key' }, 'Authorization failure, check auth_key', 'authentication_error', true, true],
    [413, { message: 'Request Entity Too Large' }, 'Request Entity Too Large', 'invalid_request_error', false, false],
    [429, { message: 'Too many requests' }, 'Too many requests', 'rate_limit_error', true, false],
    [456, { message: 'Quota Exceeded' }, 'Quota Exceeded', 'insufficient_quota', true, true],
    [503, { message: 'Service unavailable' }, 'Service unavailable', 'server_error', true, false],
  ])('%i %o', (status, body, message, type, retryable, disables) => {
    const failure = classifyFailure(status, parseDeepLError(status, JSON.stringify(body)));
    expect(failure.error.toBody().error).toMatchObject({ message, type });
    expect(failure.retryable).toBe(retryable);
    expect(failure.disableChannel).toBe(disables);
  });

  it('reads the re-statused quota error as quota, not as a rate limit', () => {
    const failure = classifyFailure(429, parseDeepLError(429, quotaErrorBody('{"message":"Quota Exceeded"}').toString('utf8')));
    expect(failure.error.toBody().error).toMatchObject({ message: 'Quota Exceeded', type: 'insufficient_quota', code: 'insufficient_quota' });
    expect(failure.disableChannel).toBe(true);
  });
});
