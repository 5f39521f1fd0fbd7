import { describe, expect, it } from 'vitest';
import { classifyFailure } from '../../relay/upstream-call.js';
import { cloudflareAnswerError, parseCloudflareError } from './upstream-error.js';

const envelope = (code: number, message: string) => JSON.stringify({ result: null, success: false, errors: [{ code, message }], messages: [] });

describe('Cloudflare errors (reference providers.md 13 and 21.2)', () => {
  it.each([
    [400, envelope(5006, 'Error: oneOf at \'/\' not met'), "Error: oneOf at '/' not met (code 5006)", 'invalid_request_error', 'invalid_request', false, false],
    [401, envelope(10000, 'Authentication error'), 'Authentication error (code 10000)', 'authentication_error', 'invalid_api_key', true, true],
    [403, envelope(10000, 'Authentication error'), 'Authentication error (code 10000)', 'authentication_error', 'invalid_api_key', true, true],
    [400, envelope(10000, 'Authentication error'), 'Authentication error (code 10000)', 'authentication_error', 'invalid_api_key', true, true],
    [404, envelope(5007, 'No such model @cf/x'), 'No such model @cf/x (code 5007)', 'invalid_request_error', 'model_not_found', true, false],
    [429, envelope(3036, 'you have used up your daily free allocation of 10,000 neurons'), 'you have used up your daily free allocation of 10,000 neurons (code 3036)', 'rate_limit_error', 'rate_limit_exceeded', true, false],
    [500, envelope(3043, 'Internal server error'), 'Internal server error (code 3043)', 'server_error', 'server_error', true, false],
    [502, 'Bad Gateway', 'Bad Gateway', 'server_error', 'server_error', true, false],
  ])('%i %s', (status, body, message, type, code, retryable, disables) => {
    const failure = classifyFailure(status, parseCloudflareError(status, body));
    expect(failure.error.toBody()).toEqual({ error: { message, type, code, param: String(status) } });
    // A bad token's code stands for 401 whatever the status; `param` keeps the upstream's own.
    expect(failure.error.status).toBe(message.includes('code 10000') && status === 400 ? 401 : status);
    expect(failure.retryable).toBe(retryable);
    expect(failure.disableChannel).toBe(disables);
  });

  it('reads an OpenAI-shaped error body as OpenAI does', () => {
    expect(parseCloudflareError(429, '{"error":{"message":"slow down","type":"requests","code":"rate_limit_exceeded"}}')).toEqual({ message: 'slow down', type: 'rate_limit_error', code: 'rate_limit_exceeded' });
  });

  it('finds success:false in a 200 envelope, and nothing in an answer', () => {
    expect(cloudflareAnswerError(Buffer.from(envelope(10000, 'Authentication error')))).toMatchObject({ status: 401, error: { type: 'authentication_error' } });
    expect(cloudflareAnswerError(Buffer.from('{"id":"chatcmpl-1","choices":[]}'))).toBeUndefined();
    expect(cloudflareAnswerError(Buffer.from('{"result":{"response":"hi"},"success":true,"errors":[]}'))).toBeUndefined();
  });
});
