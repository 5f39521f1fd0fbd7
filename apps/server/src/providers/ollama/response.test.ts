import { describe, expect, it } from 'vitest';
import { toChatCompletion } from './response.js';

describe('Ollama response conversion', () => {
  it('converts a text answer with usage from the eval counts', () => {
    const answer = { model: 'llama3.2', message: { role: 'assistant', content: 'A single white pixel.' }, done: true, done_reason: 'stop', prompt_eval_count: 26, eval_count: 282 };
    expect(toChatCompletion(answer, 'llama3.2', 1700000000)).toEqual({
      id: expect.stringMatching(/^chatcmpl-/),
      object: 'chat.completion',
      created: 1700000000,
      model: 'llama3.2',
      choices: [{ index: 0, message: { role: 'assistant', content: 'A single white pixel.' }, finish_reason: 'stop' }],
      usage: { prompt_tokens: 26, completion_tokens: 282, total_tokens: 308 },
    });
  });

  it('converts a tool call (arguments as an object, no id) and finishes with tool_calls', () => {
    const answer = { message: { role: 'assistant', content: '', tool_calls: [{ function: { name: 'get_weather', arguments: { city: 'Paris' } } }] }, done: true, done_reason: 'stop', eval_count: 9 };
    const choice = toChatCompletion(answer, 'llama3.2', 1).choices[0];
    expect(choice).toEqual({
      index: 0,
      message: { role: 'assistant', content: null, tool_calls: [{ id: expect.stringMatching(/^call_/), type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } }] },
      finish_reason: 'tool_calls',
    });
  });

  it('maps done_reason length to length and a missing prompt count to 0', () => {
    const completion = toChatCompletion({ message: { content: 'cut' }, done: true, done_reason: 'length', eval_count: 4 }, 'm', 1);
    expect(completion.choices[0]?.finish_reason).toBe('length');
    expect(completion.usage).toEqual({ prompt_tokens: 0, completion_tokens: 4, total_tokens: 4 });
  });
});
