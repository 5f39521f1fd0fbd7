import { describe, expect, it } from 'vitest';
import { PNG_1X1, canonicalRequest, canonicalRequestWithToolTurn } from '../../../test/canonical-request.js';
import { predictionUrl, toChatPrediction, toImagePrediction } from './request.js';

describe('Replicate prediction requests (reference providers.md 17)', () => {
  it('posts official models to their predictions path, pinned versions to /v1/predictions', () => {
    expect(predictionUrl('https://api.replicate.com/v1/models/', 'meta/meta-llama-3-70b-instruct')).toBe('https://api.replicate.com/v1/models/meta/meta-llama-3-70b-instruct/predictions');
    expect(predictionUrl('http://127.0.0.1:9/', 'black-forest-labs/flux-schnell')).toBe('http://127.0.0.1:9/v1/models/black-forest-labs/flux-schnell/predictions');
    expect(predictionUrl('https://api.replicate.com', 'owner/model:5c7d5dc6')).toBe('https://api.replicate.com/v1/predictions');
    expect(toChatPrediction({ messages: [] }, 'owner/model:5c7d5dc6', false).version).toBe('5c7d5dc6');
  });

  it('converts the canonical request: system_prompt, the user text as prompt, the image, max_tokens and temperature', () => {
    expect(toChatPrediction(canonicalRequest('meta/meta-llama-3-70b-instruct'), 'meta/meta-llama-3-70b-instruct', true)).toEqual({
      input: {
        prompt: 'What is in this image? Also get the weather in Paris.',
        system_prompt: 'You are a concise assistant.',
        image: `data:image/png;base64,${PNG_1X1}`,
        max_tokens: 512,
        temperature: 0.7,
      },
      stream: true,
    });
  });

  it('flattens a conversation into role lines (Replicate has no tools) and joins stop sequences', () => {
    const body = { ...canonicalRequestWithToolTurn('m'), top_p: 0.9, stop: ['END', '###'], seed: 7 };
    const { input, stream } = toChatPrediction(body, 'm', false);
    expect(stream).toBeUndefined();
    expect(input).toMatchObject({ top_p: 0.9, seed: 7, stop_sequences: 'END,###' });
    expect(input.prompt).toBe('user: What is in this image? Also get the weather in Paris.\nassistant: \ntool: {"temp_c":18,"sky":"clear"}');
  });

  it('turns an image request into the model input: aspect ratio or width/height, num_outputs, extras passed on', () => {
    expect(toImagePrediction({ model: 'x', prompt: 'a cat', n: 2, size: '1024x1024', response_format: 'url', output_format: 'png' }, 'black-forest-labs/flux-schnell')).toEqual({
      input: { prompt: 'a cat', num_outputs: 2, aspect_ratio: '1:1', output_format: 'png' },
    });
    expect(toImagePrediction({ prompt: 'a dog', size: '1792x1024' }, 'm').input).toEqual({ prompt: 'a dog', width: 1792, height: 1024 });
    expect(toImagePrediction({ prompt: 'wide', size: '1920x1080' }, 'm').input).toEqual({ prompt: 'wide', aspect_ratio: '16:9' });
  });
});
