import { finite } from '../rerank/rerank-answer.js';
import type { RerankRequest } from '../rerank/rerank-request.js';
import { field, listOf, type RerankRead, type RerankWire } from '../rerank/rerank-wire.js';

/**
 * Cohere's v2 rerank: `{model, query, documents, top_n, max_tokens_per_doc}` to /v2/rerank, answered with
 * `results[{index, relevance_score}]` and the search units billed (a query with up to 100 documents is one;
 * Cohere splits long documents into chunks that count as more). Cohere bills rerank per search unit.
 * Docs: https://docs.cohere.com/reference/rerank
 */
export const cohereRerank: RerankWire = {
  url: (base) => `${base}/v2/rerank`,

  body(request: RerankRequest) {
    const body: Record<string, unknown> = { model: request.model, query: request.query, documents: request.documents };
    if (request.top_n !== undefined) body.top_n = request.top_n;
    if (request.max_tokens_per_doc !== undefined) body.max_tokens_per_doc = request.max_tokens_per_doc;
    return body;
  },

  read(answer: unknown): RerankRead {
    const ranked = listOf(field(answer, 'results')).map((item) => ({ index: Number(field(item, 'index')), relevance_score: Number(field(item, 'relevance_score')) }));
    const billed = field(field(answer, 'meta'), 'billed_units');
    const id = field(answer, 'id');
    const searchUnits = finite(field(billed, 'search_units'));
    return { ranked, ...(typeof id === 'string' ? { id } : {}), count: { searchUnits: searchUnits ?? 1, tokens: finite(field(billed, 'input_tokens')) } };
  },
};
