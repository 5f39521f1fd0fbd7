import { describe, expect, it } from 'vitest';
import { toChatCompletion, toImagesResponse } from './response.js';

describe('Replicate prediction answers (reference providers.md 17)', () => {
  it('joins the output tokens of a finished prediction and reads the token metrics', () => {
    const prediction = { id: 'gm3qorzdhgbfurvjtvhg6dckhu', status: 'succeeded', output: ['A single', ' white pixel.'], metrics: { predict_time: 1.2, total_time: 1.5, input_token_count: 20, output_token_count: 9 } };
    expect(toChatCompletion(prediction, 'meta/meta-llama-3-70b-instruct', 1700000000)).toEqual({
      id: 'chatcmpl-gm3qorzdhgbfurvjtvhg6dckhu',
      object: 'chat.completion',
      created: 1700000000,
      model: 'meta/meta-llama-3-70b-instruct',
      choices: [{ index: 0, message: { role: 'assistant', content: 'A single white pixel.' }, finish_reason: 'stop' }],
      usage: { prompt_tokens: 20, completion_tokens: 9, total_tokens: 29 },
    });
  });

  it('reads a string output and reports zero usage when the model counts nothing (the relay counts then)', () => {
    expect(toChatCompletion({ output: 'Hi', metrics: { predict_time: 1 } }, 'm', 1)).toMatchObject({ choices: [{ message: { content: 'Hi' } }], usage: { total_tokens: 0 } });
  });

  it('answers image URLs in OpenAI shape; b64_json only for inline outputs, never by downloading', () => {
    expect(toImagesResponse({ output: ['https://replicate.delivery/a.webp', 'https://replicate.delivery/b.webp'] }, 5, false)).toEqual({ created: 5, data: [{ url: 'https://replicate.delivery/a.webp' }, { url: 'https://replicate.delivery/b.webp' }] });
    expect(toImagesResponse({ output: 'https://replicate.delivery/a.png' }, 5, true).data).toEqual([{ url: 'https://replicate.delivery/a.png' }]);
    expect(toImagesResponse({ output: ['data:image/png;base64,iVBORw0K'] }, 5, true).data).toEqual([{ b64_json: 'iVBORw0K' }]);
  });
});
