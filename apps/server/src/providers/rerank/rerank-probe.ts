import type { RerankAnswer } from './rerank-answer.js';
import type { RerankRequest } from './rerank-request.js';

/**
 * Rerank models by their names as the vendors give them (rerank-v3.5, rerank-2, gte-rerank-v2,
 * jina-reranker-m0, BAAI/bge-reranker-v2-m3, Qwen3-Reranker-4B): a channel test of one sends a rerank, which
 * is all such a model serves, rather than a chat it would fail (and be disabled for).
 */
export const isRerankModel = (model: string): boolean => /rerank/i.test(model);

/** The rerank a channel test sends: the test prompt ranked against itself. */
export const rerankProbe = (model: string, prompt: string): Buffer =>
  Buffer.from(JSON.stringify({ model, query: prompt, documents: [prompt], return_documents: false } satisfies RerankRequest));

/** What a channel test reports of a rerank answer: the score of the best document, or undefined when none came back. */
export function rerankProbeReply(body: Buffer): string | undefined {
  try {
    const score = (JSON.parse(body.toString('utf8')) as Partial<RerankAnswer>).results?.[0]?.relevance_score;
    return typeof score === 'number' ? `relevance_score ${score}` : undefined;
  } catch {
    return undefined;
  }
}
