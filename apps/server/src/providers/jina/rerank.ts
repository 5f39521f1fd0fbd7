import { finite } from '../rerank/rerank-answer.js';
import type { RerankRequest } from '../rerank/rerank-request.js';
import { field, listOf, versionedUrl, type RerankRead, type RerankWire } from '../rerank/rerank-wire.js';

/**
 * Jina's rerank, which SiliconFlow, vLLM and Xinference serve too: `{model, query, documents, top_n,
 * return_documents}` to /v1/rerank, answered with `results[{index, relevance_score}]`. The token count is
 * where each server puts it: `usage.total_tokens` (Jina, vLLM), `meta.billed_units.input_tokens`
 * (SiliconFlow) or `meta.tokens.input_tokens` (Xinference); a server that counts nothing is counted locally.
 * Docs: https://jina.ai/reranker/, https://docs.siliconflow.cn/cn/api-reference/rerank/create-rerank,
 * https://docs.vllm.ai/en/latest/serving/openai_compatible_server.html#re-rank-api
 */
export const jinaRerank: RerankWire = {
  url: (base) => versionedUrl(base, '/rerank'),

  body(request: RerankRequest) {
    const body: Record<string, unknown> = { model: request.model, query: request.query, documents: request.documents, return_documents: false };
    if (request.top_n !== undefined) body.top_n = request.top_n;
    return body;
  },

  read(answer: unknown): RerankRead {
    const ranked = listOf(field(answer, 'results')).map((item) => ({ index: Number(field(item, 'index')), relevance_score: Number(field(item, 'relevance_score')) }));
    const usage = field(answer, 'usage');
    const meta = field(answer, 'meta');
    const tokens =
      finite(field(usage, 'total_tokens')) ?? finite(field(usage, 'prompt_tokens')) ?? finite(field(field(meta, 'billed_units'), 'input_tokens')) ?? finite(field(field(meta, 'tokens'), 'input_tokens'));
    const id = field(answer, 'id');
    return { ranked, ...(typeof id === 'string' ? { id } : {}), count: { tokens } };
  },
};
