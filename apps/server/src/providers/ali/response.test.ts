import { describe, expect, it } from 'vitest';
import { toEmbeddingList } from './embeddings.js';
import { toChatCompletion } from './response.js';

describe('DashScope response conversion (reference providers.md 8.3 and 8.6)', () => {
  it('converts the recorded tool-call answer with its usage', () => {
    const answer = {
      output: { choices: [{ finish_reason: 'tool_calls', message: { role: 'assistant', content: '', tool_calls: [{ function: { name: 'get_weather', arguments: '{"city": "Paris"}' }, index: 0, id: 'call_962bfd2ab8f54b89a1161356', type: 'function' }] } }] },
      usage: { input_tokens: 295, output_tokens: 22, total_tokens: 317 },
      request_id: 'a074989b-d320-908a-9f87-fd597426933f',
    };
    expect(toChatCompletion(answer, 'qwen-max', 1700000000)).toEqual({
      id: 'chatcmpl-a074989b-d320-908a-9f87-fd597426933f',
      object: 'chat.completion',
      created: 1700000000,
      model: 'qwen-max',
      choices: [{ index: 0, message: { role: 'assistant', content: null, tool_calls: [{ id: 'call_962bfd2ab8f54b89a1161356', type: 'function', function: { name: 'get_weather', arguments: '{"city": "Paris"}' } }] }, finish_reason: 'tool_calls' }],
      usage: { prompt_tokens: 295, completion_tokens: 22, total_tokens: 317 },
    });
  });

  it('reads list content of multimodal answers and maps length', () => {
    const choice = toChatCompletion({ output: { choices: [{ finish_reason: 'length', message: { content: [{ text: 'A single' }, { text: ' pixel' }] } }] } }, 'qwen-vl-max', 1).choices[0];
    expect(choice).toEqual({ index: 0, message: { role: 'assistant', content: 'A single pixel' }, finish_reason: 'length' });
  });

  it('puts embeddings back in input order and bills total_tokens', () => {
    const response = { output: { embeddings: [{ text_index: 1, embedding: [0.03, 0.04] }, { text_index: 0, embedding: [0.01, -0.02] }] }, usage: { total_tokens: 6 } };
    expect(toEmbeddingList(response, 'text-embedding-v3', 'float')).toEqual({
      object: 'list',
      data: [
        { object: 'embedding', index: 0, embedding: [0.01, -0.02] },
        { object: 'embedding', index: 1, embedding: [0.03, 0.04] },
      ],
      model: 'text-embedding-v3',
      usage: { prompt_tokens: 6, total_tokens: 6 },
    });
  });
});
