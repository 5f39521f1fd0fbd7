import { describe, expect, it } from 'vitest';
import { toChatCompletion } from './response.js';

describe('Cohere response conversion (reference providers.md 12.1)', () => {
  it('converts a text answer and bills the billed units, not the template-inflated tokens', () => {
    const answer = { response_id: 'r1', text: 'A single white pixel.', generation_id: 'g', finish_reason: 'COMPLETE', meta: { billed_units: { input_tokens: 12, output_tokens: 7 }, tokens: { input_tokens: 507, output_tokens: 10 } } };
    expect(toChatCompletion(answer, 'command-r', 1700000000)).toEqual({
      id: 'chatcmpl-r1',
      object: 'chat.completion',
      created: 1700000000,
      model: 'command-r',
      choices: [{ index: 0, message: { role: 'assistant', content: 'A single white pixel.' }, finish_reason: 'stop' }],
      usage: { prompt_tokens: 12, completion_tokens: 7, total_tokens: 19 },
    });
  });

  it('converts tool calls with made-up ids and finishes with tool_calls', () => {
    const answer = { text: '', finish_reason: 'COMPLETE', tool_calls: [{ name: 'get_weather', parameters: { city: 'Paris' } }], meta: { tokens: { input_tokens: 3, output_tokens: 2 } } };
    const completion = toChatCompletion(answer, 'command-r', 1);
    expect(completion.choices[0]).toEqual({
      index: 0,
      message: { role: 'assistant', content: null, tool_calls: [{ id: expect.stringMatching(/^call_/), type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } }] },
      finish_reason: 'tool_calls',
    });
    expect(completion.usage).toEqual({ prompt_tokens: 3, completion_tokens: 2, total_tokens: 5 });
  });

  it.each([
    ['STOP_SEQUENCE', 'stop'],
    ['MAX_TOKENS', 'length'],
    ['ERROR_TOXIC', 'content_filter'],
    ['ERROR', 'stop'],
  ])('maps %s to %s', (reason, expected) => {
    expect(toChatCompletion({ text: 'x', finish_reason: reason }, 'm', 1).choices[0]?.finish_reason).toBe(expected);
  });
});
