import { finite } from '../rerank/rerank-answer.js';
import type { RerankRequest } from '../rerank/rerank-request.js';
import { field, listOf, type RerankRead, type RerankWire } from '../rerank/rerank-wire.js';

/**
 * DashScope's text rerank (gte-rerank, gte-rerank-v2): `{model, input: {query, documents}, parameters:
 * {top_n, return_documents}}`, answered with `output.results[{index, relevance_score}]` and
 * `usage.total_tokens`, which DashScope bills.
 * Docs: https://help.aliyun.com/zh/model-studio/text-rerank-api
 */
export const dashScopeRerank: RerankWire = {
  url: (base) => `${base}/api/v1/services/rerank/text-rerank/text-rerank`,

  body(request: RerankRequest) {
    // The texts are Tollgate's to attach (rerank-answer.ts): the vendor need not send them back.
    const parameters: Record<string, unknown> = { return_documents: false };
    if (request.top_n !== undefined) parameters.top_n = request.top_n;
    return { model: request.model, input: { query: request.query, documents: request.documents }, parameters };
  },

  read(answer: unknown): RerankRead {
    const ranked = listOf(field(field(answer, 'output'), 'results')).map((item) => ({ index: Number(field(item, 'index')), relevance_score: Number(field(item, 'relevance_score')) }));
    const id = field(answer, 'request_id');
    const usage = field(answer, 'usage');
    return { ranked, ...(typeof id === 'string' ? { id } : {}), count: { tokens: finite(field(usage, 'total_tokens')) ?? finite(field(usage, 'input_tokens')) } };
  },
};
