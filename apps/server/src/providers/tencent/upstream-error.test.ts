import { describe, expect, it } from 'vitest';
import { classifyFailure } from '../../relay/upstream-call.js';
import { hunyuanError, parseHunyuanError } from './upstream-error.js';

const envelope = (Code: string, Message: string) => JSON.stringify({ Response: { Error: { Code, Message }, RequestId: 'r-1' } });

describe('Hunyuan errors in 200 bodies (reference providers.md 11.4 and 21.2)', () => {
  it.each([
    ['AuthFailure.SignatureFailure', 401, 'authentication_error', 'invalid_api_key', true, true],
    ['AuthFailure.SignatureExpire', 401, 'authentication_error', 'invalid_api_key', true, true],
    ['AuthFailure.SecretIdNotFound', 401, 'authentication_error', 'invalid_api_key', true, true],
    ['UnauthorizedOperation', 403, 'permission_error', 'permission_denied', true, true],
    ['ResourceInsufficient.ChargeResourceExhaust', 402, 'insufficient_quota', 'insufficient_quota', true, true],
    ['ResourceUnavailable.InArrears', 402, 'insufficient_quota', 'insufficient_quota', true, true],
    ['ResourceUnavailable.LowBalance', 402, 'insufficient_quota', 'insufficient_quota', true, true],
    ['FailedOperation.ServiceNotActivated', 402, 'insufficient_quota', 'insufficient_quota', true, true],
    ['RequestLimitExceeded', 429, 'rate_limit_error', 'rate_limit_exceeded', true, false],
    ['LimitExceeded', 429, 'rate_limit_error', 'rate_limit_exceeded', true, false],
    ['FailedOperation.EngineServerLimitExceeded', 429, 'rate_limit_error', 'rate_limit_exceeded', true, false],
    ['OperationDenied.TextIllegalDetected', 400, 'invalid_request_error', 'content_filter', false, false],
    ['InvalidParameterValue.Model', 400, 'invalid_request_error', 'model_not_found', false, false],
    ['InvalidParameterValue.ParameterValueError', 400, 'invalid_request_error', 'invalid_request', false, false],
    ['InvalidParameter', 400, 'invalid_request_error', 'invalid_request', false, false],
    ['FailedOperation.EngineRequestTimeout', 500, 'server_error', 'server_error', true, false],
    ['InternalError', 500, 'server_error', 'server_error', true, false],
  ])('%s', (code, status, type, openAICode, retryable, disables) => {
    const refusal = hunyuanError(envelope(code, 'the message'));
    expect(refusal).toEqual({ status, error: { message: `the message (${code})`, type, code: openAICode } });
    const failure = classifyFailure(status, refusal!.error);
    expect(failure.retryable).toBe(retryable);
    expect(failure.disableChannel).toBe(disables);
  });

  it('finds nothing in an answer, and reads an error status body with or without the envelope', () => {
    expect(hunyuanError('{"Response":{"Choices":[],"RequestId":"r"}}')).toBeUndefined();
    expect(hunyuanError('not json')).toBeUndefined();
    expect(parseHunyuanError(500, envelope('AuthFailure.InvalidSecretId', 'bad id'))).toEqual({ message: 'bad id (AuthFailure.InvalidSecretId)', type: 'authentication_error', code: 'invalid_api_key' });
    expect(parseHunyuanError(502, 'bad gateway')).toMatchObject({ message: 'bad gateway' });
  });
});
