import type { ParsedAnswer } from '../adaptor.js';
import type { ReportedUsage } from '../openai/response-usage.js';
import type { RerankRequest } from './rerank-request.js';

/** One ranked document as a vendor scores it. */
export interface RankedDocument {
  index: number;
  relevance_score: number;
}

/** What a vendor's answer reports of its cost: input tokens, or Cohere's search units. */
export interface RerankCount {
  tokens?: number;
  searchUnits?: number;
}

/**
 * The answer of POST /v1/rerank, whatever vendor ranked: the union of the shapes that Cohere's, Jina's and
 * LiteLLM's clients parse. `results` is Cohere's and Jina's list (best first, each naming its document by
 * index, with `document.text` when asked), `meta.billed_units` Cohere's account of the cost, `usage` Jina's
 * and new-api's token count.
 */
export interface RerankAnswer {
  id: string;
  object: 'rerank';
  model: string;
  results: { index: number; relevance_score: number; document?: { text: string } }[];
  meta: { api_version: { version: string }; billed_units: { search_units?: number; input_tokens?: number } };
  usage: { prompt_tokens: number; total_tokens: number };
}

/**
 * The vendor's scores as Tollgate's answer: sorted best first, cut to `top_n` and given their documents' text
 * here, whatever the vendor did with those options (TEI has no top_n, Voyage calls it top_k, some ignore
 * return_documents), so that every channel answers the same request the same way. Scores naming no document
 * of the request are dropped rather than passed on to a client that would index past its list.
 */
export function rerankAnswer(request: RerankRequest, ranked: readonly RankedDocument[], id: string, count: RerankCount): ParsedAnswer {
  const known = ranked.filter((item) => Number.isInteger(item.index) && item.index >= 0 && item.index < request.documents.length && Number.isFinite(item.relevance_score));
  const sorted = [...known].sort((a, b) => b.relevance_score - a.relevance_score || a.index - b.index);
  const kept = request.top_n === undefined ? sorted : sorted.slice(0, request.top_n);
  const tokens = count.tokens !== undefined && count.tokens > 0 ? count.tokens : undefined;
  const billed: RerankAnswer['meta']['billed_units'] = {};
  if (count.searchUnits !== undefined) billed.search_units = count.searchUnits;
  if (tokens !== undefined) billed.input_tokens = tokens;
  const answer: RerankAnswer = {
    id,
    object: 'rerank',
    model: request.model,
    results: kept.map(({ index, relevance_score }) => (request.return_documents ? { index, relevance_score, document: { text: request.documents[index] ?? '' } } : { index, relevance_score })),
    meta: { api_version: { version: '2' }, billed_units: billed },
    usage: { prompt_tokens: tokens ?? 0, total_tokens: tokens ?? 0 },
  };
  return { body: Buffer.from(JSON.stringify(answer)), contentType: 'application/json', usage: rerankUsage(count, tokens), text: '' };
}

/** The usage the relay bills from: search units when the vendor bills by them, else its token count; none when it counted nothing. */
function rerankUsage(count: RerankCount, tokens: number | undefined): ReportedUsage | undefined {
  if (count.searchUnits !== undefined && count.searchUnits > 0) return { promptTokens: tokens ?? 0, completionTokens: 0, totalTokens: tokens ?? 0, searchUnits: count.searchUnits };
  return tokens === undefined ? undefined : { promptTokens: tokens, completionTokens: 0, totalTokens: tokens };
}

/** A number in an answer, or undefined when it is not a finite one. */
export const finite = (value: unknown): number | undefined => (typeof value === 'number' && Number.isFinite(value) ? value : undefined);
