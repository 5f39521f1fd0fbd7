import type { JsonObject } from '../openai/request-body.js';

/**
 * A rerank request as Tollgate takes it at POST /v1/rerank: the shape Cohere (v2), Jina, new-api and LiteLLM
 * share. Documents are strings or `{text}` objects (Cohere v1's and Jina's form); the rerank of every vendor
 * is built from this one shape, so its checks are made once, before any channel is chosen.
 * Docs: https://docs.cohere.com/reference/rerank, https://jina.ai/reranker/
 */
export interface RerankRequest {
  model: string;
  query: string;
  documents: string[];
  /** How many results the client wants, best first; all of them when absent. */
  top_n?: number;
  /** Whether each result carries its document's text (Jina's and LiteLLM's default: true). */
  return_documents: boolean;
  /** Cohere's cap on each document's tokens, passed on to Cohere only. */
  max_tokens_per_doc?: number;
}

/** The most documents one request may rank: Cohere's and Voyage's limit, well above what a search needs. */
export const MAX_RERANK_DOCUMENTS = 1000;

/** The longest query or document taken, in characters: far past every vendor's context, short of a body limit. */
export const MAX_RERANK_TEXT = 100_000;

/** A request Tollgate refuses, naming the field (OpenAI's `param`). */
export class InvalidRerankRequest extends Error {
  constructor(
    message: string,
    readonly field: string,
  ) {
    super(message);
    this.name = 'InvalidRerankRequest';
  }
}

const refuse = (field: string, message: string): never => {
  throw new InvalidRerankRequest(message, field);
};

/**
 * The client's body read into a RerankRequest, or an InvalidRerankRequest naming the first bad field. Fields
 * other vendors take and Tollgate has no use for (Jina's `max_chunks_per_doc`, Cohere v1's `rank_fields`,
 * `stream`) are ignored rather than refused: a client written for one of them keeps working.
 */
export function validateRerankRequest(body: JsonObject, model: string): RerankRequest {
  const query = body.query;
  if (typeof query !== 'string' || query.trim() === '') refuse('query', 'query is required and must be a non-empty string');
  if ((query as string).length > MAX_RERANK_TEXT) refuse('query', `query is longer than ${MAX_RERANK_TEXT} characters`);
  const documents = body.documents;
  if (!Array.isArray(documents) || documents.length === 0) refuse('documents', 'documents is required and must be a non-empty array');
  const list = documents as unknown[];
  if (list.length > MAX_RERANK_DOCUMENTS) refuse('documents', `documents has ${list.length} items; at most ${MAX_RERANK_DOCUMENTS} are taken`);
  const texts = list.map((document, index) => documentText(document, index));
  const request: RerankRequest = { model, query: query as string, documents: texts, return_documents: true };
  const topN = body.top_n ?? body.top_k;
  if (topN !== undefined && topN !== null) {
    const field = body.top_n !== undefined && body.top_n !== null ? 'top_n' : 'top_k';
    if (typeof topN !== 'number' || !Number.isInteger(topN) || topN < 1) refuse(field, `${field} must be a positive integer`);
    request.top_n = Math.min(topN as number, texts.length);
  }
  if (body.return_documents !== undefined && body.return_documents !== null) {
    if (typeof body.return_documents !== 'boolean') refuse('return_documents', 'return_documents must be a boolean');
    request.return_documents = body.return_documents as boolean;
  }
  const perDoc = body.max_tokens_per_doc;
  if (perDoc !== undefined && perDoc !== null) {
    if (typeof perDoc !== 'number' || !Number.isInteger(perDoc) || perDoc < 1) refuse('max_tokens_per_doc', 'max_tokens_per_doc must be a positive integer');
    request.max_tokens_per_doc = perDoc as number;
  }
  return request;
}

function documentText(document: unknown, index: number): string {
  const text = typeof document === 'string' ? document : document && typeof document === 'object' && !Array.isArray(document) ? (document as { text?: unknown }).text : undefined;
  if (typeof text !== 'string') return refuse(`documents[${index}]`, `documents[${index}] must be a string or an object with a text string`);
  if (text.length > MAX_RERANK_TEXT) refuse(`documents[${index}]`, `documents[${index}] is longer than ${MAX_RERANK_TEXT} characters`);
  return text;
}

/**
 * The tokens of a rerank as the servers that report them count it (vLLM, Jina, DashScope): each document is
 * scored with the query beside it, so the query counts once per document.
 */
export function rerankTokens(request: RerankRequest, count: (text: string) => number): number {
  const query = count(request.query);
  let tokens = 0;
  for (const document of request.documents) tokens += query + count(document);
  return tokens;
}

/** The request as the relay keeps it and every rerank adaptor reads it (the model mapped by the relay). */
export const readRerankRequest = (body: JsonObject): RerankRequest => body as unknown as RerankRequest;
