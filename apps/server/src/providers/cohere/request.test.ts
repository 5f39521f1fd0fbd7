import { describe, expect, it } from 'vitest';
import { toCohereRequest } from './request.js';

/** The canonical request of reference providers.md 0.1, as Cohere v1 takes it (12.1). */
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
const ask = {
  role: 'user',
  content: [
    { type: 'text', text: 'What is in this image? Also get the weather in Paris.' },
    { type: 'image_url', image_url: { url: `data:image/png;base64,${PNG}` } },
  ],
};
const CANONICAL = {
  model: 'command-r',
  messages: [{ role: 'system', content: 'You are a concise assistant.' }, ask],
  tools: [{ type: 'function', function: { name: 'get_weather', description: 'Get current weather for a city', parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } } }],
  max_tokens: 512,
  temperature: 0.7,
};
const WEATHER_TOOL = { name: 'get_weather', description: 'Get current weather for a city', parameter_definitions: { city: { type: 'str', required: true } } };

describe('Cohere request conversion', () => {
  it('converts the canonical request: preamble, last user turn as message, tools as parameter_definitions, no image', () => {
    expect(toCohereRequest(CANONICAL, 'command-r', false)).toEqual({
      model: 'command-r',
      message: 'What is in this image? Also get the weather in Paris.',
      stream: false,
      preamble: 'You are a concise assistant.',
      tools: [WEATHER_TOOL],
      max_tokens: 512,
      temperature: 0.7,
    });
  });

  it('sends a trailing tool result top-level, with the call named from the assistant turn', () => {
    const messages = [
      ...CANONICAL.messages,
      { role: 'assistant', content: null, tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } }] },
      { role: 'tool', tool_call_id: 'call_1', content: '{"temp_c":18,"sky":"clear"}' },
    ];
    const request = toCohereRequest({ ...CANONICAL, messages }, 'command-r', true);
    expect(request).toMatchObject({ message: '', stream: true, tool_results: [{ call: { name: 'get_weather', parameters: { city: 'Paris' } }, outputs: [{ temp_c: 18, sky: 'clear' }] }] });
    expect(request.chat_history).toEqual([
      { role: 'USER', message: 'What is in this image? Also get the weather in Paris.' },
      { role: 'CHATBOT', message: '', tool_calls: [{ name: 'get_weather', parameters: { city: 'Paris' } }] },
    ]);
  });

  it('keeps earlier turns in chat_history and wraps a plain-text tool result', () => {
    const messages = [
      { role: 'user', content: 'hi' },
      { role: 'assistant', content: '', tool_calls: [{ id: 'c', function: { name: 'now', arguments: '' } }] },
      { role: 'tool', tool_call_id: 'c', content: 'noon' },
      { role: 'assistant', content: 'It is noon.' },
      { role: 'user', content: 'thanks' },
    ];
    expect(toCohereRequest({ messages }, 'command-r', false)).toMatchObject({
      message: 'thanks',
      chat_history: [
        { role: 'USER', message: 'hi' },
        { role: 'CHATBOT', message: '', tool_calls: [{ name: 'now', parameters: {} }] },
        { role: 'TOOL', tool_results: [{ call: { name: 'now', parameters: {} }, outputs: [{ result: 'noon' }] }] },
        { role: 'CHATBOT', message: 'It is noon.' },
      ],
    });
  });

  it('turns the -internet suffix into the web-search connector and clamps sampling to Cohere ranges', () => {
    const body = { messages: [{ role: 'user', content: 'news?' }], temperature: -1, top_p: 1, top_k: 900, stop: 'END', seed: 7, response_format: { type: 'json_object' }, tools: CANONICAL.tools, tool_choice: 'none' };
    expect(toCohereRequest(body, 'command-r-internet', false)).toEqual({
      model: 'command-r',
      message: 'news?',
      stream: false,
      connectors: [{ id: 'web-search' }],
      temperature: 0,
      p: 0.99,
      k: 500,
      seed: 7,
      stop_sequences: ['END'],
      response_format: { type: 'json_object' },
    });
  });
});
