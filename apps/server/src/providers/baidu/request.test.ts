import { describe, expect, it } from 'vitest';
import { toBaiduChat, toBaiduEmbeddings } from './request.js';
import { baiduEndpoint } from './endpoints.js';

describe('Baidu requests (reference providers.md 7.3)', () => {
  it('converts the canonical request: system out, image dropped, tools as functions, ranges respected', () => {
    const body = {
      model: 'ERNIE-4.0-8K',
      messages: [
        { role: 'system', content: 'You are a concise assistant.' },
        { role: 'user', content: [{ type: 'text', text: 'What is in this image? Also get the weather in Paris.' }, { type: 'image_url', image_url: { url: 'data:image/png;base64,AAAA' } }] },
      ],
      temperature: 0,
      top_p: 1.4,
      frequency_penalty: 0.5,
      max_tokens: 512,
      stop: 'END',
      user: 'u1',
      tools: [{ type: 'function', function: { name: 'get_weather', description: 'Get current weather for a city', parameters: { type: 'object' } } }],
    };
    expect(toBaiduChat(body, false)).toEqual({
      messages: [{ role: 'user', content: 'What is in this image? Also get the weather in Paris.' }],
      system: 'You are a concise assistant.',
      stream: false,
      temperature: 0.01,
      top_p: 1,
      penalty_score: 1,
      max_output_tokens: 512,
      stop: ['END'],
      user_id: 'u1',
      functions: [{ name: 'get_weather', description: 'Get current weather for a city', parameters: { type: 'object' } }],
    });
  });

  it('merges turns of one role and sends tool calls and results as function_call and function', () => {
    const messages = [
      { role: 'user', content: 'a' },
      { role: 'user', content: 'b' },
      { role: 'assistant', content: '', tool_calls: [{ id: 'c1', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } }] },
      { role: 'tool', tool_call_id: 'c1', content: 'sunny' },
    ];
    expect(toBaiduChat({ messages }, true).messages).toEqual([
      { role: 'user', content: 'a\nb' },
      { role: 'assistant', content: '', function_call: { name: 'get_weather', arguments: '{"city":"Paris"}' } },
      { role: 'function', name: 'get_weather', content: 'sunny' },
    ]);
  });

  it('sends embeddings as a list and maps model names to endpoints', () => {
    expect(toBaiduEmbeddings({ input: 'hi' })).toEqual({ input: ['hi'] });
    expect(baiduEndpoint('ERNIE-4.0-8K')).toBe('completions_pro');
    expect(baiduEndpoint('Embedding-V1')).toBe('embedding-v1');
    expect(baiduEndpoint('ERNIE-Custom-X')).toBe('ernie-custom-x');
  });
});
