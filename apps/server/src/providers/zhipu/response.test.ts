import { describe, expect, it } from 'vitest';
import type { AdaptorRequest } from '../adaptor.js';
import { zhipuAdaptor } from './adaptor.js';
import { eventText } from '../../../test/event-text.js';

const chat = { mode: 'chat', model: 'glm-4', body: Buffer.from('{}') } as AdaptorRequest;

/** Recorded shapes from reference providers.md 10.2: OpenAI's plus request_id, and Zhipu's finish reasons. */
describe('Zhipu answers', () => {
  it('reads usage, and maps finish_reason sensitive to content_filter', () => {
    const body = { id: '2024', request_id: 'r1', created: 1, model: 'glm-4', choices: [{ index: 0, message: { role: 'assistant', content: 'Hi' }, finish_reason: 'sensitive' }], usage: { prompt_tokens: 9, completion_tokens: 2, total_tokens: 11 } };
    const parsed = zhipuAdaptor.parseAnswer(chat, Buffer.from(JSON.stringify(body)), 'application/json');
    expect(parsed.usage).toEqual({ promptTokens: 9, completionTokens: 2, totalTokens: 11 });
    expect(JSON.parse(parsed.body.toString())).toMatchObject({ request_id: 'r1', choices: [{ finish_reason: 'content_filter' }] });
  });

  it('passes an answer with OpenAI finish reasons through byte for byte', () => {
    const raw = Buffer.from('{"choices":[{"message":{"content":"x"},"finish_reason":"stop"}]}');
    expect(zhipuAdaptor.parseAnswer(chat, raw, 'application/json').body.equals(raw)).toBe(true);
  });

  it('streams chunks with reasoning text, usage in the last one, network_error as stop', () => {
    const parser = zhipuAdaptor.streamParser?.(chat);
    const first = parser?.event('{"id":"1","choices":[{"index":0,"delta":{"role":"assistant","reasoning_content":"think "}}]}');
    const second = parser?.event('{"id":"1","choices":[{"index":0,"delta":{"content":"Hi"}}]}');
    const last = parser?.event('{"id":"1","choices":[{"index":0,"finish_reason":"network_error","delta":{}}],"usage":{"prompt_tokens":9,"completion_tokens":2,"total_tokens":11}}');
    expect(eventText(first) + eventText(second)).toBe('think Hi');
    expect(last?.usage).toEqual({ promptTokens: 9, completionTokens: 2, totalTokens: 11 });
    expect(JSON.parse(last?.forward[0] ?? '{}')).toMatchObject({ choices: [{ finish_reason: 'stop' }] });
    expect(parser?.event('[DONE]')).toMatchObject({ forward: ['[DONE]'], done: true });
  });
});
