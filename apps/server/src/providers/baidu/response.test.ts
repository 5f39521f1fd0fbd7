import { describe, expect, it } from 'vitest';
import { baiduStreamParser } from './stream.js';
import { toChatCompletion, toEmbeddingList } from './response.js';

/** Fixtures from reference providers.md 7.4, 7.5 and 7.7. */
describe('Baidu answers', () => {
  it('converts a non-stream answer with usage', () => {
    const answer = { id: 'as-ywwpgx4dt7', object: 'chat.completion', created: 1705585098, result: 'A single white pixel.', is_truncated: false, need_clear_history: false, finish_reason: 'normal', usage: { prompt_tokens: 135, completion_tokens: 308, total_tokens: 443 } };
    expect(toChatCompletion(answer, 'ERNIE-4.0-8K')).toMatchObject({
      id: 'chatcmpl-as-ywwpgx4dt7',
      object: 'chat.completion',
      created: 1705585098,
      model: 'ERNIE-4.0-8K',
      choices: [{ index: 0, message: { role: 'assistant', content: 'A single white pixel.' }, finish_reason: 'stop' }],
      usage: { prompt_tokens: 135, completion_tokens: 308, total_tokens: 443 },
    });
  });

  it('converts a function call into tool_calls', () => {
    const completion = toChatCompletion({ id: 'x', result: '', finish_reason: 'function_call', function_call: { name: 'get_weather', arguments: '{"city":"Paris"}' } }, 'm');
    expect(completion.choices[0]).toMatchObject({ message: { tool_calls: [{ type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } }] }, finish_reason: 'tool_calls' });
  });

  it('converts the stream frames, with usage from the last frame and a closing [DONE]', () => {
    const parser = baiduStreamParser({ model: 'ERNIE-4.0-8K', includeUsage: true });
    const first = parser.event('{"id":"as-hdpadsaghd","object":"chat.completion","created":1705585108,"sentence_id":0,"is_end":false,"result":"A single","finish_reason":"normal","usage":{"prompt_tokens":135,"completion_tokens":0,"total_tokens":135}}');
    const last = parser.event('{"id":"as-hdpadsaghd","object":"chat.completion","created":1705585109,"sentence_id":1,"is_end":true,"result":" white pixel.","finish_reason":"normal","usage":{"prompt_tokens":135,"completion_tokens":308,"total_tokens":443}}');
    expect(JSON.parse(first.forward[0] ?? '')).toMatchObject({ object: 'chat.completion.chunk', choices: [{ delta: { content: 'A single' }, finish_reason: null }] });
    expect(first.text + last.text).toBe('A single white pixel.');
    expect(JSON.parse(last.forward[0] ?? '')).toMatchObject({ choices: [{ delta: { content: ' white pixel.' }, finish_reason: 'stop' }] });
    expect(JSON.parse(last.forward[1] ?? '')).toMatchObject({ choices: [], usage: { prompt_tokens: 135, completion_tokens: 308, total_tokens: 443 } });
    expect(last).toMatchObject({ done: true, usage: { promptTokens: 135, completionTokens: 308, totalTokens: 443 } });
    expect(last.forward.at(-1)).toBe('[DONE]');
  });

  it('converts an embedding list', () => {
    const list = toEmbeddingList({ data: [{ embedding: [0.018, -0.002], index: 0 }], usage: { prompt_tokens: 5, total_tokens: 5 } }, 'Embedding-V1');
    expect(list).toEqual({ object: 'list', data: [{ object: 'embedding', index: 0, embedding: [0.018, -0.002] }], model: 'Embedding-V1', usage: { prompt_tokens: 5, total_tokens: 5 } });
  });
});
