import { describe, expect, it } from 'vitest';
import { classifyFailure } from '../../relay/upstream-call.js';
import { parseOllamaError } from './upstream-error.js';

describe('Ollama errors (reference providers.md 16)', () => {
  it.each([
    [400, 'invalid options', 'invalid_request_error', 'invalid_request', false, false],
    [401, 'unauthorized', 'authentication_error', 'invalid_api_key', true, true],
    [404, 'model "llama9" not found, try pulling it first', 'invalid_request_error', 'model_not_found', true, false],
    [429, 'too many requests', 'rate_limit_error', 'rate_limit_exceeded', true, false],
    [500, 'an error was encountered while running the model', 'server_error', 'server_error', true, false],
    [502, 'bad gateway', 'server_error', 'server_error', true, false],
  ])('%i: %s', (status, message, type, code, retryable, disables) => {
    const failure = classifyFailure(status, parseOllamaError(status, JSON.stringify({ error: message })));
    expect(failure.error.toBody()).toEqual({ error: { message, type, code, param: String(status) } });
    expect(failure.retryable).toBe(retryable);
    expect(failure.disableChannel).toBe(disables);
  });
});
