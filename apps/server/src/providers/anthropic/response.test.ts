import { describe, expect, it } from 'vitest';
import { toChatCompletion } from './response.js';
import type { AnthropicResponse } from './wire-types.js';

/** Reference providers.md 2.3 (a real recording). */
const recorded: AnthropicResponse = {
  model: 'claude-sonnet-4-5-20250929',
  id: 'msg_01VdEjxAP5ahtHKrrRdNBteQ',
  content: [
    { type: 'text', text: 'A single white pixel. Checking Paris weather.' },
    { type: 'tool_use', id: 'toolu_01LRmxn9vGM1d2DZSDBowdZ1', name: 'get_weather', input: { city: 'Paris' } },
  ],
  stop_reason: 'tool_use',
  usage: { input_tokens: 412, cache_creation_input_tokens: 0, cache_read_input_tokens: 0, output_tokens: 64 },
};

describe('Anthropic response conversion', () => {
  it('converts text and a tool use into a chat.completion', () => {
    expect(toChatCompletion(recorded, 1700000000)).toEqual({
      id: 'msg_01VdEjxAP5ahtHKrrRdNBteQ',
      object: 'chat.completion',
      created: 1700000000,
      model: 'claude-sonnet-4-5-20250929',
      choices: [
        {
          index: 0,
          message: {
            role: 'assistant',
            content: 'A single white pixel. Checking Paris weather.',
            tool_calls: [{ id: 'toolu_01LRmxn9vGM1d2DZSDBowdZ1', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } }],
          },
          finish_reason: 'tool_calls',
        },
      ],
      usage: { prompt_tokens: 412, completion_tokens: 64, total_tokens: 476 },
    });
  });

  it('answers null content for a tool use alone, and counts cache tokens in the prompt', () => {
    const completion = toChatCompletion(
      { ...recorded, content: [recorded.content[1] ?? { type: 'text' }], usage: { input_tokens: 10, cache_creation_input_tokens: 5, cache_read_input_tokens: 100, output_tokens: 3 } },
      1,
    );
    expect(completion.choices[0]?.message.content).toBeNull();
    expect(completion.usage).toEqual({ prompt_tokens: 115, completion_tokens: 3, total_tokens: 118, prompt_tokens_details: { cached_tokens: 100, cache_write_tokens: 5 } });
  });

  it.each([
    ['end_turn', 'stop'],
    ['stop_sequence', 'stop'],
    ['max_tokens', 'length'],
    ['tool_use', 'tool_calls'],
    ['refusal', 'content_filter'],
  ])('maps stop_reason %s to finish_reason %s', (stopReason, finish) => {
    expect(toChatCompletion({ ...recorded, content: [{ type: 'text', text: 'x' }], stop_reason: stopReason }, 1).choices[0]?.finish_reason).toBe(finish);
  });
});
