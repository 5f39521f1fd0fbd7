import { finite } from '../rerank/rerank-answer.js';
import type { RerankRequest } from '../rerank/rerank-request.js';
import { field, listOf, versionedUrl, type RerankRead, type RerankWire } from '../rerank/rerank-wire.js';

/**
 * Voyage AI's rerank (rerank-2, rerank-2-lite, rerank-2.5): `{model, query, documents, top_k,
 * return_documents}` to /v1/rerank, answered with `data[{index, relevance_score}]` (not `results`) and
 * `usage.total_tokens`, which Voyage bills.
 * Docs: https://docs.voyageai.com/reference/reranker-api
 */
export const voyageRerank: RerankWire = {
  url: (base) => versionedUrl(base, '/rerank'),

  body(request: RerankRequest) {
    const body: Record<string, unknown> = { model: request.model, query: request.query, documents: request.documents, return_documents: false };
    if (request.top_n !== undefined) body.top_k = request.top_n;
    return body;
  },

  read(answer: unknown): RerankRead {
    const ranked = listOf(field(answer, 'data')).map((item) => ({ index: Number(field(item, 'index')), relevance_score: Number(field(item, 'relevance_score')) }));
    return { ranked, count: { tokens: finite(field(field(answer, 'usage'), 'total_tokens')) } };
  },
};
