import { describe, expect, it } from 'vitest';
import { needsRewrite, rewriteBody } from './request-body.js';

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
