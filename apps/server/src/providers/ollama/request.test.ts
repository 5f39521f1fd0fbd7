import { describe, expect, it } from 'vitest';
import { PNG_1X1 as PNG, canonicalRequestWithToolTurn, weatherTool } from '../../../test/canonical-request.js';
import { toOllamaRequest } from './request.js';

/** The canonical request of reference providers.md 0.1, with its second turn. */
const canonical = canonicalRequestWithToolTurn('llama3.2-vision');

describe('Ollama request conversion', () => {
  it('converts the canonical request as reference 16 shows it', () => {
    expect(toOllamaRequest(canonical, 'llama3.2-vision', false)).toEqual({
      model: 'llama3.2-vision',
      stream: false,
      messages: [
        { role: 'system', content: 'You are a concise assistant.' },
        { role: 'user', content: 'What is in this image? Also get the weather in Paris.', images: [PNG] },
        { role: 'assistant', content: '', tool_calls: [{ function: { name: 'get_weather', arguments: { city: 'Paris' } } }] },
        { role: 'tool', content: '{"temp_c":18,"sky":"clear"}', tool_name: 'get_weather' },
      ],
      tools: [weatherTool],
      options: { num_predict: 512, temperature: 0.7 },
    });
  });

  it('maps sampling options, stop, num_ctx and JSON formats, and drops tools for tool_choice none', () => {
    const body = { messages: [{ role: 'developer', content: 'x' }], top_p: 0.9, seed: 1, frequency_penalty: 0.5, presence_penalty: 0.2, stop: ['END'], num_ctx: 8192, tools: [weatherTool], tool_choice: 'none', response_format: { type: 'json_object' } };
    expect(toOllamaRequest(body, 'llama3', true)).toEqual({
      model: 'llama3',
      stream: true,
      messages: [{ role: 'system', content: 'x' }],
      options: { top_p: 0.9, seed: 1, frequency_penalty: 0.5, presence_penalty: 0.2, stop: ['END'], num_ctx: 8192 },
      format: 'json',
    });
    const schema = { type: 'object', properties: { a: { type: 'string' } } };
    expect(toOllamaRequest({ messages: [], response_format: { type: 'json_schema', json_schema: { name: 's', schema } } }, 'm', false).format).toEqual(schema);
  });
});
