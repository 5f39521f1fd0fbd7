import { describe, expect, it } from 'vitest';
import { findUsage } from './find-usage.js';

describe('findUsage', () => {
  it('reads the usage of a chat answer, with its nested details', () => {
    const answer = JSON.stringify({
      id: 'chatcmpl-1',
      choices: [{ index: 0, message: { role: 'assistant', content: 'Hi {there}' }, finish_reason: 'stop' }],
      usage: { prompt_tokens: 12, completion_tokens: 9, total_tokens: 21, prompt_tokens_details: { cached_tokens: 0 } },
      system_fingerprint: 'fp',
    });
    expect(findUsage(Buffer.from(answer))).toEqual({ promptTokens: 12, completionTokens: 9, totalTokens: 21 });
  });

  it('reads pretty-printed usage after a large embedding', () => {
    const answer = JSON.stringify({ object: 'list', data: [{ embedding: Array.from({ length: 1536 }, (_, i) => i / 1536) }], usage: { prompt_tokens: 5, total_tokens: 5 } }, null, 2);
    expect(findUsage(Buffer.from(answer))).toEqual({ promptTokens: 5, completionTokens: 0, totalTokens: 5 });
  });

  it('reads usage after multi-byte text, in the bytes as they came', () => {
    const answer = JSON.stringify({ choices: [{ message: { content: '你好 {usage} 👋' } }], usage: { prompt_tokens: 3, completion_tokens: 4, total_tokens: 7 } });
    expect(findUsage(Buffer.from(answer))).toEqual({ promptTokens: 3, completionTokens: 4, totalTokens: 7 });
  });

  it('is not fooled by the word inside the answer’s text', () => {
    const answer = JSON.stringify({ choices: [{ message: { content: 'the JSON was {"usage": {"prompt_tokens": 999}}' } }] });
    expect(findUsage(Buffer.from(answer))).toBeUndefined();
  });

  it.each(['', '{"usage": null}', '{"usage": null, "other": {"prompt_tokens": 7}}', '{"usage": 5}', '{"usage": {"prompt_tokens": 1', 'not json "usage": {"a": }'])('gives up on %j', (text) => {
    expect(findUsage(Buffer.from(text))).toBeUndefined();
  });
});
