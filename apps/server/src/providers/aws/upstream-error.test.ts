import { describe, expect, it } from 'vitest';
import { shouldDisableChannel } from '../../relay/health/disable-rules.js';
import { errorName, parseBedrockError, streamExceptionError } from './upstream-error.js';

const body = (name: string | undefined, message = 'boom') => JSON.stringify({ message, ...(name ? { __type: `${name}:http://internal.amazon.com/coral/com.amazon.bedrock/` } : {}) });

describe('Bedrock error classification (reference providers.md 5.6)', () => {
  it.each([
    [403, 'UnrecognizedClientException', 'authentication_error', 'invalid_api_key', true],
    [403, 'InvalidSignatureException', 'authentication_error', 'invalid_api_key', true],
    [403, 'InvalidClientTokenId', 'authentication_error', 'invalid_api_key', true],
    [403, 'AccessDeniedException', 'permission_error', 'permission_denied', true],
    [400, 'ValidationException', 'invalid_request_error', 'invalid_request', false],
    [400, 'RequestExpired', 'upstream_error', 'signature_error', false],
    [404, 'ResourceNotFoundException', 'invalid_request_error', 'model_not_found', false],
    [408, 'ModelTimeoutException', 'server_error', 'timeout', false],
    [424, 'ModelErrorException', 'server_error', 'model_error', false],
    [429, 'ThrottlingException', 'rate_limit_error', 'rate_limit_exceeded', false],
    [429, 'ModelNotReadyException', 'server_error', 'model_not_ready', false],
    [400, 'ServiceQuotaExceededException', 'insufficient_quota', 'insufficient_quota', true],
    [500, 'InternalServerException', 'server_error', 'server_error', false],
    [503, 'ServiceUnavailableException', 'server_error', 'service_unavailable', false],
    [403, undefined, 'authentication_error', 'invalid_api_key', true],
    [429, undefined, 'rate_limit_error', 'rate_limit_exceeded', false],
    [502, undefined, 'server_error', 'server_error', false],
  ])('%i %s is %s / %s (disables: %s)', (status, name, type, code, disables) => {
    const error = parseBedrockError(status, body(name));
    expect(error).toEqual({ message: 'boom', type, code });
    expect(shouldDisableChannel({ status, ...error })).toBe(disables);
  });

  it('reads `Message` and the `com.amazon.coral#Name` form too, and a body that is not JSON', () => {
    expect(parseBedrockError(403, '{"Message":"denied","__type":"com.amazon.coral.service#AccessDeniedException"}')).toEqual({ message: 'denied', type: 'permission_error', code: 'permission_denied' });
    expect(parseBedrockError(503, '<html>bad gateway</html>')).toMatchObject({ type: 'server_error' });
  });

  it('names stream exceptions as their frames spell them', () => {
    expect(errorName('modelStreamErrorException')).toBe('ModelStreamErrorException');
    expect(streamExceptionError('validationException', 'too long')).toEqual({ message: 'ValidationException: too long', type: 'invalid_request_error', code: 'invalid_request' });
    expect(streamExceptionError('somethingNew', 'x')).toEqual({ message: 'SomethingNew: x', type: 'server_error', code: 'server_error' });
  });
});
