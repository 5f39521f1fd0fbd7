import { describe, expect, it } from 'vitest';
import { shouldDisableChannel } from '../../relay/health/disable-rules.js';
import { palmAdaptor } from './adaptor.js';
import { toChatCompletion } from './response.js';

describe('PaLM 2 answer conversion (reference providers.md 6)', () => {
  it('turns the candidates into choices, with no usage so the relay counts the text', () => {
    const recorded = { candidates: [{ author: '1', content: 'A single white pixel.' }], messages: [{ author: '0', content: 'What is in this image?' }, { author: '1', content: 'A single white pixel.' }] };
    const completion = toChatCompletion(recorded, 'PaLM-2', 1700000000);
    expect(completion).toMatchObject({ object: 'chat.completion', created: 1700000000, model: 'PaLM-2', choices: [{ index: 0, message: { role: 'assistant', content: 'A single white pixel.' }, finish_reason: 'stop' }] });
    expect(completion.id).toMatch(/^chatcmpl-/);
    expect(completion).not.toHaveProperty('usage');
  });

  it('answers a filtered conversation (no candidates) as a content_filter finish with the reason', () => {
    const completion = toChatCompletion({ filters: [{ reason: 'OTHER', message: 'blocked' }] }, 'PaLM-2', 1);
    expect(completion.choices).toEqual([{ index: 0, message: { role: 'assistant', content: null, refusal: 'PaLM filtered the conversation (OTHER: blocked)' }, finish_reason: 'content_filter' }]);
  });

  it.each([
    [400, { error: { code: 400, message: 'API key not valid. Please pass a valid API key.', status: 'INVALID_ARGUMENT', details: [{ reason: 'API_KEY_INVALID' }] } }, 'authentication_error', true],
    [403, { error: { code: 403, message: 'Generative Language API has not been used in project 1.', status: 'PERMISSION_DENIED' } }, 'permission_error', true],
    [404, { error: { code: 404, message: 'models/chat-bison-001 is not found.', status: 'NOT_FOUND' } }, 'invalid_request_error', false],
    [429, { error: { code: 429, message: 'Resource has been exhausted (e.g. check quota).', status: 'RESOURCE_EXHAUSTED' } }, 'rate_limit_error', false],
    [500, { error: { code: 500, message: 'Internal error encountered.', status: 'INTERNAL' } }, 'server_error', false],
  ])('reads Google error HTTP %i as %s', (status, body, type, disables) => {
    const error = palmAdaptor.parseError?.(status, JSON.stringify(body));
    expect(error?.type).toBe(type);
    expect(error && shouldDisableChannel({ status, ...error })).toBe(disables);
  });
});
