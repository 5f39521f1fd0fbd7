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
