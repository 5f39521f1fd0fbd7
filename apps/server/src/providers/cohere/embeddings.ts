import { embeddingList, type EmbeddingList } from '../openai/embedding-list.js';
import type { JsonObject } from '../openai/request-body.js';
import type { CohereEmbedResponse } from './wire-types.js';

/**
 * OpenAI embeddings as Cohere's /v2/embed and back (reference providers.md 12). OpenAI has no input type;
 * `search_document` is what an index built from OpenAI-style calls needs most often.
 * Docs: https://docs.cohere.com/reference/embed
 */
export interface CohereEmbedRequest {
  model: string;
  texts: string[];
  input_type: string;
  embedding_types: ['float'];
  output_dimension?: number;
}

export function toEmbedRequest(body: JsonObject, model: string): CohereEmbedRequest {
  const texts = (Array.isArray(body.input) ? body.input : [body.input]).map((input) => (typeof input === 'string' ? input : JSON.stringify(input)));
  const request: CohereEmbedRequest = { model, texts, input_type: typeof body.input_type === 'string' ? body.input_type : 'search_document', embedding_types: ['float'] };
  if (typeof body.dimensions === 'number') request.output_dimension = body.dimensions;
  return request;
}

/** v2 answers `embeddings.float`; a v1-style plain list of vectors is read too. */
export function toEmbeddingList(response: CohereEmbedResponse, model: string, encoding: unknown): EmbeddingList {
  const vectors = Array.isArray(response.embeddings) ? response.embeddings : (response.embeddings?.float ?? []);
  return embeddingList(vectors, model, encoding, response.meta?.billed_units?.input_tokens ?? 0);
}
