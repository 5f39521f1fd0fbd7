import { describe, expect, it } from 'vitest';
import { classifyFailure } from '../../relay/upstream-call.js';
import { parseAnthropicError } from './upstream-error.js';

const body = (type: string, message: string) => JSON.stringify({ type: 'error', error: { type, message }, request_id: 'req_018EeWyXxfu5pfWkrYcMdjWG' });

describe('Anthropic errors (reference providers.md 2.5)', () => {
  it.each([
    [400, 'invalid_request_error', 'messages: roles must alternate', 'invalid_request_error', 'invalid_request', false, false],
    [400, 'invalid_request_error', 'Your credit balance is too low to access the Anthropic API.', 'insufficient_quota', 'insufficient_quota', true, true],
    [401, 'authentication_error', 'invalid x-api-key', 'authentication_error', 'invalid_api_key', true, true],
    [402, 'billing_error', 'payment required', 'insufficient_quota', 'insufficient_quota', true, true],
    [403, 'permission_error', 'not allowed to use this model', 'permission_error', 'permission_denied', true, true],
    [404, 'not_found_error', 'model: claude-9', 'invalid_request_error', 'model_not_found', true, false],
    [429, 'rate_limit_error', 'Number of request tokens has exceeded your per-minute rate limit', 'rate_limit_error', 'rate_limit_exceeded', true, false],
    [500, 'api_error', 'Internal server error', 'server_error', 'server_error', true, false],
    [503, 'overloaded_error', 'Overloaded', 'server_error', 'overloaded', true, false],
    [529, 'overloaded_error', 'Overloaded', 'server_error', 'overloaded', true, false],
  ])('%i %s: %s', (status, anthropicType, message, type, code, retryable, disables) => {
    const failure = classifyFailure(status, parseAnthropicError(status, body(anthropicType, message)));
    expect(failure.error.toBody()).toEqual({ error: { message, type, code, param: String(status) } });
    // A low-credit 400 stands for the 402 of a billing error; `param` keeps the upstream's own status.
    expect(failure.error.status).toBe(message.includes('credit balance') ? 402 : status);
    expect(failure.retryable).toBe(retryable);
    expect(failure.disableChannel).toBe(disables);
  });

  it('reads a body that is not Anthropic JSON (a proxy in front) generically', () => {
    expect(parseAnthropicError(502, 'Bad Gateway')).toMatchObject({ message: 'Bad Gateway', type: 'upstream_error' });
  });
});
