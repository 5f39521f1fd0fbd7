import type { RerankRequest } from '../rerank/rerank-request.js';

/**
 * Cohere's rerank billing, as its pages state it: "a single search unit is defined as one query with up to 100
 * documents to be ranked" (cohere.com/pricing); a document is scored in chunks of the model's context, less
 * four reserved tokens and the query, each chunk counting as a document (docs.cohere.com, "Best Practices for
 * using Rerank": rerank-v4.0's context is 32,768; rerank-v3.5's 4,096, its changelog). The v2 API truncates a
 * document to `max_tokens_per_doc` first, 4,096 by default (the rerank-v3.5 changelog).
 */
const DOCUMENTS_PER_UNIT = 100;
const RESERVED_TOKENS = 4;
const DEFAULT_MAX_TOKENS_PER_DOC = 4096;
/** The context of rerank-v4.0 (pro and fast); every other Cohere rerank model (v3.5, v3.0) has 4,096. */
const LONG_CONTEXT = 32_768;
const CONTEXT = 4096;

const contextOf = (model: string): number => (model.startsWith('rerank-v4') ? LONG_CONTEXT : CONTEXT);

/**
 * The search units a rerank will cost on Cohere, estimated before the call (the reservation), with `count` the
 * tokens of a text: the documents' chunks, a hundred to the unit, at least one. `model` is the upstream's name.
 */
export function cohereSearchUnits(request: RerankRequest, model: string, count: (text: string) => number): number {
  const query = count(request.query);
  // A query longer than the context leaves a token a chunk: Cohere refuses it, and the estimate stays finite.
  const room = Math.max(1, contextOf(model) - RESERVED_TOKENS - query);
  const cap = request.max_tokens_per_doc ?? DEFAULT_MAX_TOKENS_PER_DOC;
  let chunks = 0;
  for (const document of request.documents) chunks += Math.max(1, Math.ceil(Math.min(count(document), cap) / room));
  return Math.max(1, Math.ceil(chunks / DOCUMENTS_PER_UNIT));
}
