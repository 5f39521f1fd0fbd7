import type { RerankRequest } from '../rerank/rerank-request.js';
import { field, listOf, type RerankRead, type RerankWire } from '../rerank/rerank-wire.js';

/**
 * Hugging Face's Text Embeddings Inference serving a reranker: `{query, texts}` to /rerank (the model is the
 * one the server was started with), answered with a bare list `[{index, score}]` and no count, so the relay
 * counts the tokens itself. Long texts are truncated to the model's window, as the other vendors do, rather
 * than refused.
 * Docs: https://huggingface.github.io/text-embeddings-inference/#/Text%20Embeddings%20Inference/rerank
 */
export const teiRerank: RerankWire = {
  url: (base) => `${base.replace(/\/v1$/, '')}/rerank`,

  body: (request: RerankRequest) => ({ query: request.query, texts: request.documents, truncate: true, return_text: false }),

  read(answer: unknown): RerankRead {
    const ranked = listOf(answer).map((item) => ({ index: Number(field(item, 'index')), relevance_score: Number(field(item, 'score')) }));
    return { ranked, count: {} };
  },
};
