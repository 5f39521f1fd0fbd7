import { describe, expect, it } from 'vitest';
import { classifyFailure } from '../../relay/upstream-call.js';
import { baiduError, parseBaiduError } from './upstream-error.js';

describe('Baidu in-band errors (reference providers.md 7.6)', () => {
  it.each([
    [110, 'Access token invalid or no longer valid', 401, 'authentication_error', true, true],
    [111, 'Access token expired', 401, 'authentication_error', true, true],
    [17, 'Open api daily request limit reached', 429, 'insufficient_quota', true, true],
    [18, 'Open api qps request limit reached', 429, 'rate_limit_error', true, false],
    [336501, 'Rate limit reached for RPM', 429, 'rate_limit_error', true, false],
    [336100, 'system is busy', 503, 'server_error', true, false],
    [336003, 'messages length must be odd', 400, 'invalid_request_error', false, false],
    [999, 'something new', 500, 'upstream_error', true, false],
  ])('%i: %s', (code, message, status, type, retryable, disables) => {
    const found = baiduError(JSON.stringify({ error_code: code, error_msg: message }));
    if (!found) throw new Error('not recognised');
    const failure = classifyFailure(found.status, found.error);
    expect(failure.error.status).toBe(status);
    expect(failure.error.toBody().error).toMatchObject({ message, type });
    expect(failure.retryable).toBe(retryable);
    expect(failure.disableChannel).toBe(disables);
  });

  it.each([
    [111, 'Access token expired', 401, 'authentication_error', true],
    [17, 'Open api daily request limit reached', 429, 'insufficient_quota', true],
    [336003, 'messages length must be odd', 400, 'invalid_request_error', false],
  ])('reads %i in a JSON body where a stream was asked (the relay calls it 500) as the status it stands for', (code, message, status, type, retryable) => {
    const failure = classifyFailure(500, parseBaiduError(500, JSON.stringify({ error_code: code, error_msg: message })));
    expect(failure.error.status).toBe(status);
    expect(failure.error.toBody().error).toMatchObject({ message, type, param: '500' });
    expect(failure.retryable).toBe(retryable);
  });

  it('leaves answers alone', () => {
    expect(baiduError('{"id":"as-1","result":"hi"}')).toBeUndefined();
    expect(baiduError('not json')).toBeUndefined();
  });
});
