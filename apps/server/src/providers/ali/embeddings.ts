import { embeddingList, type EmbeddingList } from '../openai/embedding-list.js';
import type { JsonObject } from '../openai/request-body.js';
import type { DashScopeEmbedResponse } from './wire-types.js';

/**
 * OpenAI embeddings as DashScope's text-embedding call and back (reference providers.md 8.6).
 * Docs: https://www.alibabacloud.com/help/en/model-studio/text-embedding-synchronous-api
 */
export interface DashScopeEmbedRequest {
  model: string;
  input: { texts: string[] };
  parameters: { text_type: string; dimension?: number };
}

export function toEmbedRequest(body: JsonObject, model: string): DashScopeEmbedRequest {
  const texts = (Array.isArray(body.input) ? body.input : [body.input]).map((input) => (typeof input === 'string' ? input : JSON.stringify(input)));
  const parameters: DashScopeEmbedRequest['parameters'] = { text_type: 'document' };
  if (typeof body.dimensions === 'number') parameters.dimension = body.dimensions;
  return { model, input: { texts }, parameters };
}

/** Vectors come tagged with their text's index, so they are put back in input order. */
export function toEmbeddingList(response: DashScopeEmbedResponse, model: string, encoding: unknown): EmbeddingList {
  const vectors = [...(response.output?.embeddings ?? [])].sort((a, b) => a.text_index - b.text_index).map((item) => item.embedding);
  return embeddingList(vectors, model, encoding, response.usage?.total_tokens ?? 0);
}
