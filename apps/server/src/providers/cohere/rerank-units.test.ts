import { describe, expect, it } from 'vitest';
import type { RerankRequest } from '../rerank/rerank-request.js';
import { cohereSearchUnits } from './rerank-units.js';

/** One token a character: the arithmetic is the test's, not a tokenizer's. */
const count = (text: string) => text.length;
const request = (documents: string[], extra: Partial<RerankRequest> = {}): RerankRequest => ({ model: 'rerank-v3.5', query: 'q'.repeat(92), documents, return_documents: false, ...extra });

describe("Cohere's search units, estimated", () => {
  it('counts a unit per hundred documents, at least one', () => {
    expect(cohereSearchUnits(request(['a']), 'rerank-v3.5', count)).toBe(1);
    expect(cohereSearchUnits(request(Array(100).fill('a')), 'rerank-v3.5', count)).toBe(1);
    expect(cohereSearchUnits(request(Array(101).fill('a')), 'rerank-v3.5', count)).toBe(2);
    expect(cohereSearchUnits(request(Array(1000).fill('a')), 'rerank-v3.5', count)).toBe(10);
  });

  it("counts a document longer than the model's chunk (context less the query and 4 reserved tokens) as several", () => {
    // rerank-v3.5: 4,096 - 4 - 92 = 4,000 tokens of document a chunk.
    const fits = [...Array(99).fill('a'), 'd'.repeat(4000)];
    expect(cohereSearchUnits(request(fits), 'rerank-v3.5', count)).toBe(1);
    const twoChunks = [...Array(99).fill('a'), 'd'.repeat(4001)];
    expect(cohereSearchUnits(request(twoChunks), 'rerank-v3.5', count)).toBe(2);
  });

  it('truncates each document to max_tokens_per_doc (4,096 by default) before chunking, and reads rerank-v4 as 32k', () => {
    const long = ['d'.repeat(100_000)];
    // Truncated to 4,096: two chunks of 4,000.
    expect(cohereSearchUnits(request([...long, ...Array(99).fill('a')]), 'rerank-v3.5', count)).toBe(2);
    expect(cohereSearchUnits(request([...long, ...Array(99).fill('a')], { max_tokens_per_doc: 4000 }), 'rerank-v3.5', count)).toBe(1);
    expect(cohereSearchUnits(request([...long, ...Array(99).fill('a')], { max_tokens_per_doc: 30_000 }), 'rerank-v4.0-pro', count)).toBe(1);
  });
});
