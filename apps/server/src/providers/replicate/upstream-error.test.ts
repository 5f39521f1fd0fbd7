import { describe, expect, it } from 'vitest';
import { classifyFailure } from '../../relay/upstream-call.js';
import { parseReplicateError } from './upstream-error.js';

describe('Replicate errors (reference providers.md 17 and 21.2)', () => {
  it.each([
    [401, 'Unauthenticated', 'You did not pass a valid authentication token', 'authentication_error', 'invalid_api_key', true, true],
    [402, 'Insufficient credit', 'You have insufficient credit to run this model.', 'insufficient_quota', 'insufficient_quota', true, true],
    [404, 'Not found', 'The requested resource could not be found.', 'invalid_request_error', 'model_not_found', true, false],
    [422, 'Input validation failed', '- input.prompt: Invalid type. Expected: string, given: integer', 'invalid_request_error', 'invalid_request', false, false],
    [429, 'Request was throttled', 'Request was throttled. Expected available in 1 second.', 'rate_limit_error', 'rate_limit_exceeded', true, false],
    [500, 'Prediction failed', 'CUDA out of memory', 'server_error', 'server_error', true, false],
  ])('%i %s', (status, title, detail, type, code, retryable, disables) => {
    const failure = classifyFailure(status, parseReplicateError(status, JSON.stringify({ title, detail, status })));
    expect(failure.error.toBody()).toEqual({ error: { message: detail, type, code, param: String(status) } });
    expect(failure.retryable).toBe(retryable);
    expect(failure.disableChannel).toBe(disables);
  });

  it('reads the title when there is no detail, and a polling timeout as a retryable 504', () => {
    expect(parseReplicateError(429, '{"title":"Too many requests"}').message).toBe('Too many requests');
    expect(parseReplicateError(504, '{"error":{"message":"the Replicate prediction did not finish in time","type":"upstream_error","code":"timeout"}}')).toEqual({
      message: 'the Replicate prediction did not finish in time',
      type: 'server_error',
      code: 'timeout',
    });
  });
});
