import { describe, expect, it } from 'vitest';
import { anthropicProtocol } from './protocol.js';

const failure = (status: number, code = '', type = 'one_api_error') => ({ status, message: 'm', type, code, param: '' });

describe("Anthropic's errors", () => {
  it.each([
    [400, '', 400, 'invalid_request_error'],
    [401, 'invalid_api_key', 401, 'authentication_error'],
    [403, 'insufficient_user_quota', 403, 'permission_error'],
    [404, '', 404, 'not_found_error'],
    [413, '', 413, 'request_too_large'],
    [429, '', 429, 'rate_limit_error'],
    [500, '', 500, 'api_error'],
    [502, '', 500, 'api_error'],
    [503, '', 529, 'overloaded_error'],
    [404, 'model_not_found', 404, 'not_found_error'],
    [504, '', 504, 'timeout_error'],
  ])('answers %i (%s) as %i %s', (status, code, answered, type) => {
    const error = anthropicProtocol.error(failure(status, code), 'req9');
    expect(error).toEqual({ status: answered, body: { type: 'error', error: { type, message: 'm' }, request_id: 'req9' }, headers: { 'request-id': 'req9' } });
  });

  it('answers a model without a price as not found, not as an overload clients would retry', () => {
    expect(anthropicProtocol.error({ ...failure(503, 'model_price_missing'), type: 'model_not_configured' }, 'r').status).toBe(404);
  });

  it('reads the key from x-api-key, else Authorization', () => {
    expect(anthropicProtocol.credential({ 'x-api-key': 'sk-a', authorization: 'Bearer sk-b' }, {})).toBe('Bearer sk-a');
    expect(anthropicProtocol.credential({ authorization: 'Bearer sk-b' }, {})).toBe('Bearer sk-b');
    expect(anthropicProtocol.credential({}, {})).toBeUndefined();
  });
});
