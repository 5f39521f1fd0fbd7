import { describe, expect, it } from 'vitest';
import { toDashScopeRequest } from './request.js';

/** The canonical request of reference providers.md 0.1, as DashScope's text endpoint takes it (8.2). */
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
const TOOL = { type: 'function', function: { name: 'get_weather', description: 'Get current weather for a city', parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } } };
const CANONICAL = {
  model: 'qwen-max',
  messages: [
    { role: 'system', content: 'You are a concise assistant.' },
    { role: 'user', content: [{ type: 'text', text: 'What is in this image? Also get the weather in Paris.' }, { type: 'image_url', image_url: { url: `data:image/png;base64,${PNG}` } }] },
  ],
  tools: [TOOL],
  max_tokens: 512,
  temperature: 0.7,
};

describe('DashScope request conversion', () => {
  it('converts the canonical request: string content, result_format message, tools in parameters', () => {
    expect(toDashScopeRequest(CANONICAL, 'qwen-max', false)).toEqual({
      model: 'qwen-max',
      input: {
        messages: [
          { role: 'system', content: 'You are a concise assistant.' },
          { role: 'user', content: 'What is in this image? Also get the weather in Paris.' },
        ],
      },
      parameters: { result_format: 'message', max_tokens: 512, temperature: 0.7, tools: [TOOL] },
    });
  });

  it('passes the tool turn on OpenAI-shaped, naming the function on the tool result', () => {
    const call = { id: 'call_1', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } };
    const messages = [...CANONICAL.messages, { role: 'assistant', content: null, tool_calls: [call] }, { role: 'tool', tool_call_id: 'call_1', content: '{"temp_c":18,"sky":"clear"}' }];
    expect(toDashScopeRequest({ ...CANONICAL, messages }, 'qwen-max', false).input.messages.slice(2)).toEqual([
      { role: 'assistant', content: '', tool_calls: [call] },
      { role: 'tool', content: '{"temp_c":18,"sky":"clear"}', tool_call_id: 'call_1', name: 'get_weather' },
    ]);
  });

  it('streams incrementally, turns -internet into enable_search and clamps sampling to DashScope ranges', () => {
    const body = { messages: [{ role: 'developer', content: 'x' }], temperature: 2, top_p: 0, stop: 'END', seed: 3, response_format: { type: 'json_object' }, tools: [TOOL], tool_choice: 'none' };
    expect(toDashScopeRequest(body, 'qwen-plus-internet', true)).toEqual({
      model: 'qwen-plus',
      input: { messages: [{ role: 'system', content: 'x' }] },
      parameters: { result_format: 'message', incremental_output: true, temperature: 1.99, top_p: 0.01, seed: 3, stop: ['END'], enable_search: true, response_format: { type: 'json_object' } },
    });
    expect(toDashScopeRequest({ ...body, incremental_output: false }, 'qwen-plus', true).parameters.incremental_output).toBe(false);
  });
});
