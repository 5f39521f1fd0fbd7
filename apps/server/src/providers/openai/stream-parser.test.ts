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

  it('reads a usage report from its usage object, with the token kinds, as a whole parse reads it', () => {
    const usage = { prompt_tokens: 30, completion_tokens: 40, total_tokens: 70, prompt_tokens_details: { cached_tokens: 10 }, completion_tokens_details: { reasoning_tokens: 5 } };
    const report = chunk({ choices: [], usage });
    const event = openAIStreamParser().event(report);
    expect(event).toMatchObject({ forward: [report], text: '', usageReport: true });
    expect(event.usage).toEqual({ promptTokens: 30, completionTokens: 40, totalTokens: 70, cacheReadTokens: 10, reasoningTokens: 5 });
    // Written otherwise, the same report is parsed whole, to the same usage.
    const spaced = JSON.stringify(JSON.parse(report), null, 1);
    expect(openAIStreamParser().event(spaced)).toMatchObject({ usage: event.usage, usageReport: true });
  });

  it('parses whole a payload whose usage or empty choices are not what they look like', () => {
    // Choices with text, and "choices":[] only inside it.
    const withText = chunk({ choices: [{ index: 0, delta: { content: 'x"choices":[]' } }], usage: { prompt_tokens: 1, completion_tokens: 2 } });
    expect(openAIStreamParser().event(withText)).toMatchObject({ text: 'x"choices":[]', usage: { promptTokens: 1, completionTokens: 2 }, usageReport: false });
    // A usage object with a string in it that unbalances the braces.
    const odd = chunk({ choices: [], usage: { prompt_tokens: 2, completion_tokens: 3, note: '}{' } });
    expect(openAIStreamParser().event(odd).usage).toMatchObject({ promptTokens: 2, completionTokens: 3 });
    // An error beside the usage is the client's to see, and no usage is taken from it.
    const failed = chunk({ choices: [], usage: { prompt_tokens: 2, completion_tokens: 3 }, error: { message: 'x' } });
    expect(openAIStreamParser().event(failed)).toMatchObject({ forward: [failed], usage: undefined });
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
