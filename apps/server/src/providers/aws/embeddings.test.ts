import { describe, expect, it } from 'vitest';
import { embedCalls, embedFamily, toEmbeddingList } from './embeddings.js';

describe('Bedrock embeddings', () => {
  it('tells Cohere Embed models from Titan ones, region prefixes included', () => {
    expect(embedFamily('cohere.embed-english-v3')).toBe('cohere');
    expect(embedFamily('us.cohere.embed-v4:0')).toBe('cohere');
    expect(embedFamily('amazon.titan-embed-text-v2:0')).toBe('titan');
  });

  it('sends Cohere at most 96 texts a call, and a token-array input as its text form', () => {
    const texts = Array.from({ length: 100 }, (_, i) => `text ${i}`);
    const calls = embedCalls({ input: texts, input_type: 'search_query', dimensions: 256 }, 'cohere');
    expect(calls.map((call) => (call.texts as string[]).length)).toEqual([96, 4]);
    expect(calls[1]).toEqual({ texts: texts.slice(96), input_type: 'search_query', embedding_types: ['float'], output_dimension: 256 });
    expect(embedCalls({ input: [1, 2, 3] }, 'titan')).toEqual([{ inputText: '[1,2,3]' }]);
  });

  it('bills nothing it cannot count for every call, so the relay counts the input instead', () => {
    const list = toEmbeddingList([{ body: { embedding: [1], inputTextTokenCount: 2 } }, { body: { embedding: [2] } }], 'm', 'float');
    expect(list.data.map((item) => item.embedding)).toEqual([[1], [2]]);
    expect(list.usage.prompt_tokens).toBe(0);
    expect(toEmbeddingList([{ body: { embeddings: [[1], [2]] }, headerTokens: 6 }], 'm', 'float').usage.prompt_tokens).toBe(6);
  });
});
