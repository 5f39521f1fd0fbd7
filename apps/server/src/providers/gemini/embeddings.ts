import { embeddingList, type EmbeddingList } from '../openai/embedding-list.js';
import type { JsonObject } from '../openai/request-body.js';

/**
 * OpenAI embeddings as Gemini's batchEmbedContents and back (reference providers.md 3.8).
 * Docs: https://ai.google.dev/api/embeddings#method:-models.batchembedcontents
 */
export interface BatchEmbedRequest {
  requests: { model: string; content: { parts: { text: string }[] }; outputDimensionality?: number }[];
}

/** Each request repeats `models/<name>`, as the batch endpoint requires; token-array inputs are sent as their text form. */
export function toBatchEmbedRequest(body: JsonObject, model: string): BatchEmbedRequest {
  const inputs = Array.isArray(body.input) && body.input.some((item) => typeof item !== 'number') ? (body.input as unknown[]) : [body.input];
  const dimensions = typeof body.dimensions === 'number' ? { outputDimensionality: body.dimensions } : {};
  return {
    requests: inputs.map((input) => ({ model: `models/${model}`, content: { parts: [{ text: typeof input === 'string' ? input : JSON.stringify(input ?? '') }] }, ...dimensions })),
  };
}

/** Gemini reports no usage for embeddings: the relay counts the input locally. */
export const toEmbeddingList = (response: { embeddings?: { values?: number[] }[] }, model: string, encoding: unknown): EmbeddingList =>
  embeddingList((response.embeddings ?? []).map((embedding) => embedding.values ?? []), model, encoding);
