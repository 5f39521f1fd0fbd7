import { describe, expect, it } from 'vitest';
import { InvalidRerankRequest, rerankTokens, validateRerankRequest } from './rerank-request.js';

const fieldOf = (body: Record<string, unknown>): string | undefined => {
  try {
    validateRerankRequest(body, 'm');
    return undefined;
  } catch (error) {
    if (error instanceof InvalidRerankRequest) return error.field;
    throw error;
  }
};

describe('a rerank request', () => {
  it('takes strings and {text} documents, top_k for top_n, and caps top_n at the documents', () => {
    expect(validateRerankRequest({ query: 'q', documents: ['a', { text: 'b', title: 'x' }], top_k: 5, stream: true, rank_fields: ['text'] }, 'm')).toEqual({
      model: 'm',
      query: 'q',
      documents: ['a', 'b'],
      top_n: 2,
      return_documents: true,
    });
    expect(validateRerankRequest({ query: 'q', documents: ['a'], top_n: null, return_documents: false, max_tokens_per_doc: 512 }, 'm')).toMatchObject({ return_documents: false, max_tokens_per_doc: 512 });
  });

  it('names the first bad field', () => {
    expect(fieldOf({ documents: ['a'] })).toBe('query');
    expect(fieldOf({ query: 7, documents: ['a'] })).toBe('query');
    expect(fieldOf({ query: 'q'.repeat(100_001), documents: ['a'] })).toBe('query');
    expect(fieldOf({ query: 'q', documents: {} })).toBe('documents');
    expect(fieldOf({ query: 'q', documents: ['a', null] })).toBe('documents[1]');
    expect(fieldOf({ query: 'q', documents: [['a']] })).toBe('documents[0]');
    expect(fieldOf({ query: 'q', documents: ['a'], top_n: -3 })).toBe('top_n');
    expect(fieldOf({ query: 'q', documents: ['a'], top_n: Number.NaN })).toBe('top_n');
    expect(fieldOf({ query: 'q', documents: ['a'], return_documents: 1 })).toBe('return_documents');
    expect(fieldOf({ query: 'q', documents: ['a'], max_tokens_per_doc: 2.5 })).toBe('max_tokens_per_doc');
    expect(fieldOf({ query: 'q', documents: ['a'] })).toBeUndefined();
  });

  it('counts the query once beside each document, as the servers that report tokens do', () => {
    const words = (text: string) => text.split(' ').length;
    expect(rerankTokens({ model: 'm', query: 'two words', documents: ['one', 'three more words'], return_documents: true }, words)).toBe(2 + 1 + 2 + 3);
  });
});
