import { describe, expect, it } from 'vitest';
import { rerankAnswer } from './rerank-answer.js';
import type { RerankRequest } from './rerank-request.js';

const request: RerankRequest = { model: 'm', query: 'q', documents: ['a', 'b', 'c'], return_documents: true, top_n: 2 };
const read = (answer: ReturnType<typeof rerankAnswer>) => JSON.parse(answer.body.toString('utf8')) as { results: unknown[]; usage: unknown; meta: unknown };

describe('a rerank answer', () => {
  it('sorts best first, cuts to top_n, attaches the texts, and drops scores naming no document', () => {
    const ranked = [
      { index: 0, relevance_score: 0.1 },
      { index: 7, relevance_score: 0.99 },
      { index: 2, relevance_score: 0.8 },
      { index: 1, relevance_score: Number.NaN },
      { index: 1, relevance_score: 0.5 },
    ];
    const answer = rerankAnswer(request, ranked, 'id-1', { tokens: 12 });
    expect(read(answer).results).toEqual([
      { index: 2, relevance_score: 0.8, document: { text: 'c' } },
      { index: 1, relevance_score: 0.5, document: { text: 'b' } },
    ]);
    expect(answer.usage).toEqual({ promptTokens: 12, completionTokens: 0, totalTokens: 12 });
    expect(read(answer).usage).toEqual({ prompt_tokens: 12, total_tokens: 12 });
  });

  it('bills search units when the vendor counts them, and reports nothing when it counted nothing', () => {
    const units = rerankAnswer({ ...request, return_documents: false }, [{ index: 0, relevance_score: 1 }], 'id', { searchUnits: 2 });
    expect(units.usage).toMatchObject({ searchUnits: 2 });
    expect(read(units)).toMatchObject({ results: [{ index: 0, relevance_score: 1 }], meta: { billed_units: { search_units: 2 } } });
    expect(rerankAnswer(request, [], 'id', {}).usage).toBeUndefined();
  });
});
