import { embeddingList, type EmbeddingList } from '../openai/embedding-list.js';
import type { JsonObject } from '../openai/request-body.js';

/**
 * OpenAI embeddings as Ollama's /api/embed and back (reference providers.md 16).
 * Docs: https://github.com/ollama/ollama/blob/main/docs/api.md#generate-embeddings
 */
export interface EmbedRequest {
  model: string;
  input: unknown;
  dimensions?: number;
}

export function toEmbedRequest(body: JsonObject, model: string): EmbedRequest {
  return { model, input: body.input, ...(typeof body.dimensions === 'number' ? { dimensions: body.dimensions } : {}) };
}

export const toEmbeddingList = (response: { embeddings?: number[][]; prompt_eval_count?: number }, model: string, encoding: unknown): EmbeddingList =>
  embeddingList(response.embeddings ?? [], model, encoding, response.prompt_eval_count ?? 0);
