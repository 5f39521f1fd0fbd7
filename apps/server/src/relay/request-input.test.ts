import { describe, expect, it } from 'vitest';
import { foreignInput, hubFields } from './request-input.js';

describe('a request in another protocol', () => {
  it('encodes its hub form only when a channel that converts reads its bytes', () => {
    let encoded = 0;
    const hub = { model: 'gpt-4o-mini', stream: true, max_tokens: 64, messages: [{ role: 'user', content: 'hi' }] };
    // Counts the encodings: JSON.stringify calls toJSON (not enumerable, so not encoded itself).
    Object.defineProperty(hub, 'toJSON', {
      value: () => {
        encoded += 1;
        return { ...hub };
      },
    });
    const raw = Buffer.from('{"model":"claude","max_tokens":64,"stream":true,"messages":[]}');
    const input = foreignInput('anthropic', { raw, json: JSON.parse(raw.toString()) as Record<string, unknown>, model: 'claude', stream: true, maxTokens: 64, contentType: 'application/json' }, () => hubFields(hub, 'gpt-4o-mini'));
    // The reservation's estimate reads the hub's fields, a passthrough sends the client's own bytes.
    expect(input.hub()).toMatchObject({ model: 'gpt-4o-mini', stream: true, maxTokens: 64 });
    expect(input.raw).toBe(raw);
    expect(encoded).toBe(0);
    expect(JSON.parse(input.hub().raw.toString())).toEqual({ model: 'gpt-4o-mini', stream: true, max_tokens: 64, messages: [{ role: 'user', content: 'hi' }] });
    expect(input.hub().raw).toBe(input.hub().raw);
    expect(encoded).toBe(1);
  });
});

describe('a request asked of another model', () => {
  const raw = Buffer.from('{"model":"claude","max_tokens":64,"messages":[]}');
  const anthropic = foreignInput('anthropic', { raw, json: JSON.parse(raw.toString()) as Record<string, unknown>, model: 'claude', stream: false, maxTokens: 64, contentType: 'application/json' }, () => hubFields({ model: 'claude', max_tokens: 64, messages: [] }, 'claude'));

  it('names the new model in its body and in its hub form, and keeps the rest', () => {
    const next = anthropic.withModel('gpt-5');
    expect(next).toMatchObject({ protocol: 'anthropic', model: 'gpt-5', maxTokens: 64, stream: false });
    expect(JSON.parse(next.raw.toString())).toEqual({ model: 'gpt-5', max_tokens: 64, messages: [] });
    expect(next.hub()).toMatchObject({ protocol: 'openai', model: 'gpt-5', json: { model: 'gpt-5' } });
    // The original is untouched.
    expect(anthropic.raw).toBe(raw);
    expect(anthropic.hub().model).toBe('claude');
  });

  it("leaves a Gemini body that names no model as it is (the model is in the path): the client's own bytes", () => {
    const body = Buffer.from('{"contents":[]}');
    const gemini = foreignInput('gemini', { raw: body, json: { contents: [] }, model: 'gemini-pro', stream: false, maxTokens: 0, contentType: 'application/json' }, () => hubFields({ model: 'gemini-pro', messages: [] }, 'gemini-pro'));
    const next = gemini.withModel('gpt-5');
    expect(next.model).toBe('gpt-5');
    expect(next.raw).toBe(body);
    expect(next.hub().json).toMatchObject({ model: 'gpt-5' });
  });
});
