import { describe, expect, it } from 'vitest';
import { toBatchEmbedRequest, toEmbeddingList } from './embeddings.js';

describe('Gemini embeddings (reference providers.md 3.8)', () => {
  it('sends each input as one request naming models/<model>', () => {
    expect(toBatchEmbedRequest({ input: ['a', 'b'], dimensions: 256 }, 'text-embedding-004')).toEqual({
      requests: ['a', 'b'].map((text) => ({ model: 'models/text-embedding-004', content: { parts: [{ text }] }, outputDimensionality: 256 })),
    });
    expect(toBatchEmbedRequest({ input: 'one' }, 'embedding-001').requests).toHaveLength(1);
  });

  it('answers an OpenAI embedding list', () => {
    expect(toEmbeddingList({ embeddings: [{ values: [0.1, 0.2] }, { values: [0.3] }] }, 'text-embedding-004', 'float')).toEqual({
      object: 'list',
      data: [
        { object: 'embedding', index: 0, embedding: [0.1, 0.2] },
        { object: 'embedding', index: 1, embedding: [0.3] },
      ],
      model: 'text-embedding-004',
      usage: { prompt_tokens: 0, total_tokens: 0 },
    });
  });

  it('encodes float32 base64 when the client asks for it, as the OpenAI SDKs do by default', () => {
    const [item] = toEmbeddingList({ embeddings: [{ values: [0.5, -2] }] }, 'm', 'base64').data;
    const bytes = Buffer.from(String(item?.embedding), 'base64');
    expect(Array.from(new Float32Array(bytes.buffer, bytes.byteOffset, bytes.length / 4))).toEqual([0.5, -2]);
  });
});
