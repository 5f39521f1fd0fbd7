import { describe, expect, it } from 'vitest';
import { classifyFailure } from '../../relay/upstream-call.js';
import { cozeError, parseCozeError } from './upstream-error.js';

describe('Coze errors (reference providers.md 14 and 21.2)', () => {
  it.each([
    [{ code: 4100, msg: 'authentication is invalid' }, 401, 'authentication_error', 'invalid_api_key', true, true],
    [{ code: 4101, msg: 'token is invalid' }, 401, 'authentication_error', 'invalid_api_key', true, true],
    [{ code: 4013, msg: 'request rate exceeds the limit' }, 429, 'rate_limit_error', 'rate_limit_exceeded', true, false],
    [{ code: 4000, msg: 'invalid parameter' }, 400, 'invalid_request_error', 'invalid_request', false, false],
    [{ code: 4200, msg: 'bot not found' }, 404, 'invalid_request_error', 'model_not_found', true, false],
    [{ code: 5000, msg: 'internal error' }, 500, 'upstream_error', 'bad_response_status_code', true, false],
  ])('in a 200 body: %o', (body, status, type, code, retryable, disables) => {
    const refusal = cozeError(JSON.stringify(body));
    expect(refusal).toEqual({ status, error: { message: body.msg, type, code } });
    const failure = classifyFailure(status, refusal!.error);
    expect(failure.retryable).toBe(retryable);
    expect(failure.disableChannel).toBe(disables);
  });

  it('finds nothing in an answer', () => {
    expect(cozeError('{"conversation_id":"c","messages":[],"code":0,"msg":"success"}')).toBeUndefined();
    expect(cozeError('not json')).toBeUndefined();
  });

  it.each([
    [401, '{"code":4101,"msg":"token is invalid"}', 'authentication_error'],
    [500, '{"code":4101,"msg":"token is invalid"}', 'authentication_error'],
    [401, 'Unauthorized', 'authentication_error'],
    [429, '{"msg":"slow down"}', 'rate_limit_error'],
    [502, 'Bad Gateway', 'server_error'],
  ])('with status %i %s', (status, body, type) => {
    expect(parseCozeError(status, body).type).toBe(type);
  });

  it('names the API version Tollgate speaks when Coze answers the v2 endpoint as missing or refuses by version', () => {
    expect(parseCozeError(404, '404 page not found')).toMatchObject({ type: 'invalid_request_error', message: expect.stringContaining('Tollgate speaks Coze\'s chat API v2 (/open_api/v2/chat), as one-api does, and not v3 (/v3/chat)') as unknown });
    expect(cozeError('{"code":4000,"msg":"this API is deprecated, use the v3 chat API"}')?.error.message).toMatch(/^this API is deprecated, use the v3 chat API\. Tollgate speaks Coze's chat API v2/);
    expect(cozeError('{"code":4200,"msg":"bot not found"}')?.error.message).toBe('bot not found');
  });
});
