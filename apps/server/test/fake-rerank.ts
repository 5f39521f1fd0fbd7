import type http from 'node:http';
import { FakeUpstream, send, type Received } from './fake-upstream.js';

/** The rerank shapes the fake answers in, each at its vendor's path. */
export type RerankShape = 'cohere' | 'jina' | 'siliconflow' | 'xinference' | 'voyage' | 'dashscope' | 'tei';

export interface RerankBehaviour {
  /** The shape `/v1/rerank` answers in (Jina's by default); the other paths have one shape each. */
  v1?: 'jina' | 'siliconflow' | 'xinference' | 'voyage';
  fail?: { status: number; body: unknown };
}

/** A whitespace word count: the fake's tokenizer, so tests can work out the tokens it reports. */
export const fakeTokens = (text: string): number => text.split(/\s+/).filter(Boolean).length;

/** The tokens the fake reports for a rerank: the query beside each document, as vLLM and Jina count. */
export const fakeRerankTokens = (query: string, documents: string[]): number => documents.reduce((sum, document) => sum + fakeTokens(query) + fakeTokens(document), 0);

/**
 * The fake's score of a document: the share of the query's words it contains, with a tie broken towards
 * shorter documents, so that tests know the order to expect.
 */
export function fakeScore(query: string, document: string): number {
  const words = new Set(document.toLowerCase().split(/\W+/));
  const hits = query.toLowerCase().split(/\W+/).filter((word) => word && words.has(word)).length;
  return Math.round((hits + 1 / (1 + document.length)) * 1e6) / 1e6;
}

/**
 * A fake reranker answering in every vendor's shape at its path: Cohere's /v2/rerank (search units), Jina's
 * (and SiliconFlow's, Xinference's, Voyage's) /v1/rerank, DashScope's text-rerank, TEI's /rerank. It ranks
 * documents by fakeScore, honours the vendor's top-n, records what it received and fails on demand.
 */
export class FakeRerank extends FakeUpstream<RerankBehaviour> {
  constructor(name: string) {
    super(name, {});
  }

  protected respond(req: http.IncomingMessage, res: http.ServerResponse, { json }: Received) {
    if (this.behaviour.fail) return send(res, this.behaviour.fail.status, this.behaviour.fail.body);
    const body = (json ?? {}) as Record<string, unknown>;
    const path = (req.url ?? '').split('?')[0];
    if (path === '/v2/rerank') {
      const { query, documents } = body as { query: string; documents: string[] };
      return send(res, 200, { id: 'co-rr-1', results: ranked(query, documents, body.top_n), meta: { api_version: { version: '2' }, billed_units: { search_units: Math.ceil(documents.length / 100) } } });
    }
    if (path === '/api/v1/services/rerank/text-rerank/text-rerank') {
      const { input, parameters } = body as { input: { query: string; documents: string[] }; parameters?: { top_n?: number } };
      return send(res, 200, { request_id: 'ds-rr-1', output: { results: ranked(input.query, input.documents, parameters?.top_n) }, usage: { total_tokens: fakeRerankTokens(input.query, input.documents) } });
    }
    if (path === '/rerank') {
      const { query, texts } = body as { query: string; texts: string[] };
      return send(res, 200, ranked(query, texts, undefined).map(({ index, relevance_score }) => ({ index, score: relevance_score })));
    }
    if (path !== '/v1/rerank') return send(res, 404, { message: `no ${path}` });
    const { query, documents } = body as { query: string; documents: string[] };
    const tokens = fakeRerankTokens(query, documents);
    switch (this.behaviour.v1 ?? 'jina') {
      case 'voyage':
        return send(res, 200, { object: 'list', data: ranked(query, documents, body.top_k), model: body.model, usage: { total_tokens: tokens } });
      case 'siliconflow':
        return send(res, 200, { id: 'sf-rr-1', results: ranked(query, documents, body.top_n), meta: { billed_units: { input_tokens: tokens, output_tokens: 0, search_units: 0 }, tokens: { input_tokens: tokens, output_tokens: 0 } } });
      case 'xinference':
        return send(res, 200, { id: 'xi-rr-1', results: ranked(query, documents, body.top_n), meta: { api_version: null, billed_units: null, tokens: { input_tokens: tokens, output_tokens: 0 } } });
      default:
        return send(res, 200, { model: body.model, usage: { total_tokens: tokens, prompt_tokens: tokens }, results: ranked(query, documents, body.top_n) });
    }
  }
}

function ranked(query: string, documents: string[], topN: unknown) {
  const all = documents.map((document, index) => ({ index, relevance_score: fakeScore(query, document) })).sort((a, b) => b.relevance_score - a.relevance_score);
  return typeof topN === 'number' ? all.slice(0, topN) : all;
}
