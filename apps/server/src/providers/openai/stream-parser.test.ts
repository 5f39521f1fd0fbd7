import { describe, expect, it } from 'vitest';
import { openAIStreamParser } from './adaptor.js';

const chunk = (body: object) => JSON.stringify({ id: 'c', object: 'chat.completion.chunk', created: 1, model: 'm', ...body });

describe('the OpenAI stream parser', () => {
  it('forwards a content chunk untouched and reads its text only when asked', () => {
    const data = chunk({ choices: [{ index: 0, delta: { content: 'Hi "there"', tool_calls: [{ function: { arguments: '{}' } }] }, finish_reason: null }], usage: null });
    const event = openAIStreamParser().event(data);
    expect(event.forward).toEqual([data]);
    expect(event.usage).toBeUndefined();
    expect(event.laterText?.read()).toBe('Hi "there"{}');
    expect(event.laterText?.size).toBe(data.length);
  });

  it('reads usage at once, in compact or spaced JSON', () => {
    const compact = openAIStreamParser().event(chunk({ choices: [], usage: { prompt_tokens: 3, completion_tokens: 4, total_tokens: 7 } }));
    expect(compact.usage).toEqual({ promptTokens: 3, completionTokens: 4, totalTokens: 7 });
    const spaced = openAIStreamParser().event('{"choices": [ {"delta": {"content": "x"}} ], "usage" : {"prompt_tokens": 1, "completion_tokens": 2}}');
    expect(spaced.usage).toEqual({ promptTokens: 1, completionTokens: 2, totalTokens: 3 });
    expect(spaced.text).toBe('x');
  });

  it('is not fooled by keys quoted inside the text', () => {
    const data = chunk({ choices: [{ index: 0, delta: { content: '"usage":{"prompt_tokens":9}' } }] });
    const event = openAIStreamParser().event(data);
    expect(event.usage).toBeUndefined();
    expect(event.laterText?.read()).toBe('"usage":{"prompt_tokens":9}');
  });

  it("drops Azure's empty filter chunk and anything else without choices or usage, but never an error", () => {
    expect(openAIStreamParser().event(chunk({ choices: [], prompt_filter_results: [] })).forward).toEqual([]);
    expect(openAIStreamParser().event('{"object":"chat.completion.chunk"}').forward).toEqual([]);
    // An error mid-stream reaches the client, which must not take what came before for a whole answer.
    expect(openAIStreamParser().event('{"error":{"message":"x"}}').forward).toEqual(['{"error":{"message":"x"}}']);
  });
});
