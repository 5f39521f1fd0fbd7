import { describe, expect, it } from 'vitest';
import { needsRewrite, onlyUsageToAsk, rewriteBody, withUsageAsked } from './request-body.js';

describe('OpenAI request rewriting', () => {
  const body = { model: 'gpt-3.5-turbo', messages: [{ role: 'user', content: 'hi' }], stream: true, custom: { kept: [1, 2] } };

  it('leaves a body alone when nothing must change, so it goes upstream byte for byte', () => {
    expect(needsRewrite(body, { model: 'gpt-3.5-turbo' })).toBe(false);
  });

  it('maps the model and keeps every unknown field', () => {
    expect(rewriteBody(body, { model: 'gpt-4o-mini' })).toEqual({ ...body, model: 'gpt-4o-mini' });
  });

  it('replaces the first system message or prepends one', () => {
    const withSystem = { ...body, messages: [{ role: 'system', content: 'old', name: 'x' }, ...body.messages] };
    expect(rewriteBody(withSystem, { systemPrompt: 'new' }).messages).toEqual([{ role: 'system', content: 'new', name: 'x' }, { role: 'user', content: 'hi' }]);
    expect(rewriteBody(body, { systemPrompt: 'new' }).messages).toEqual([{ role: 'system', content: 'new' }, { role: 'user', content: 'hi' }]);
  });

  it('asks for usage in streams without dropping the client stream options', () => {
    const streamed = { ...body, stream_options: { continuous_usage_stats: true } };
    expect(needsRewrite(streamed, { includeUsage: true })).toBe(true);
    expect(rewriteBody(streamed, { includeUsage: true }).stream_options).toEqual({ continuous_usage_stats: true, include_usage: true });
    expect(needsRewrite({ ...body, stream: false }, { includeUsage: true })).toBe(false);
  });
});

describe('asking for usage in the client’s own bytes', () => {
  it('adds stream_options before the closing brace, keeping every byte the client sent', () => {
    const raw = Buffer.from('{"model":"m","stream":true,"messages":[{"role":"user","content":"}"}]}\n');
    const spliced = withUsageAsked(raw);
    expect(spliced?.toString()).toBe('{"model":"m","stream":true,"messages":[{"role":"user","content":"}"}],"stream_options":{"include_usage":true}}\n');
    expect(JSON.parse(spliced?.toString() ?? '')).toEqual({ model: 'm', stream: true, messages: [{ role: 'user', content: '}' }], stream_options: { include_usage: true } });
  });

  it('leaves what it cannot splice to a re-encoding', () => {
    expect(withUsageAsked(Buffer.from('{ }'))).toBeUndefined();
    expect(withUsageAsked(Buffer.from('[1]'))).toBeUndefined();
  });

  it('splices only when asking for usage is the only change', () => {
    const body = { model: 'm', stream: true, messages: [] };
    expect(onlyUsageToAsk(body, { includeUsage: true, model: 'm' })).toBe(true);
    expect(onlyUsageToAsk(body, { includeUsage: true, model: 'other' })).toBe(false);
    expect(onlyUsageToAsk(body, { includeUsage: true, systemPrompt: 'be brief' })).toBe(false);
    expect(onlyUsageToAsk({ ...body, stream_options: { include_usage: false } }, { includeUsage: true })).toBe(false);
    expect(onlyUsageToAsk({ ...body, stream: false }, { includeUsage: true })).toBe(false);
  });
});
