import { describe, expect, it } from 'vitest';
import { RelayError } from '../relay-error.js';
import { fallbackTrigger } from './fallback-trigger.js';

describe('fallbackTrigger', () => {
  it('reads the channels own failures as failure, and a client that left or a plain 400 as none', () => {
    expect(fallbackTrigger(new RelayError(404, 'no available channel for model m under group default', 'model_not_found'))).toBe('failure');
    for (const status of [401, 403, 408, 429, 500, 502, 503, 529]) expect(fallbackTrigger(new RelayError(status, 'down', 'server_error'))).toBe('failure');
    expect(fallbackTrigger(new RelayError(499, 'the client closed the request', 'client_closed_request'))).toBeUndefined();
    expect(fallbackTrigger(new RelayError(400, 'messages is required', 'invalid_request'))).toBeUndefined();
    expect(fallbackTrigger(new RelayError(404, 'fake upstream has no /v1/x', ''))).toBeUndefined();
  });

  it('tells context-length errors of OpenAI, Anthropic and Gemini', () => {
    expect(fallbackTrigger(new RelayError(400, "This model's maximum context length is 8192 tokens", 'context_length_exceeded'))).toBe('context_length');
    expect(fallbackTrigger(new RelayError(400, 'prompt is too long: 210000 tokens > 200000 maximum', 'invalid_request_error'))).toBe('context_length');
    expect(fallbackTrigger(new RelayError(400, 'The input token count (1200000) exceeds the maximum number of tokens allowed (1048576).', 'INVALID_ARGUMENT'))).toBe('context_length');
  });

  it('tells content-policy refusals', () => {
    expect(fallbackTrigger(new RelayError(400, 'Your request was rejected as a result of our safety system.', 'content_policy_violation'))).toBe('content_policy');
    expect(fallbackTrigger(new RelayError(400, "The response was filtered due to the prompt triggering Azure OpenAI's content management policy.", 'content_filter'))).toBe('content_policy');
  });
});
