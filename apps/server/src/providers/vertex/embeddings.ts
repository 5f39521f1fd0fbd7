import { embeddingList, type EmbeddingList } from '../openai/embedding-list.js';
import type { JsonObject } from '../openai/request-body.js';

/**
 * OpenAI embeddings as Vertex's text-embedding `:predict` and back (reference providers.md 4.5). Vertex
 * counts each input's tokens, so the sum is billed instead of a local count.
 * Docs: https://cloud.google.com/vertex-ai/generative-ai/docs/model-reference/text-embeddings-api
 */
export interface PredictRequest {
  instances: { content: string }[];
  parameters?: { outputDimensionality: number };
}

export interface PredictResponse {
  predictions?: { embeddings?: { values?: number[]; statistics?: { token_count?: number } } }[];
}

/** Token-array inputs are sent as their text form, as for the Gemini API. */
export function toPredictRequest(body: JsonObject): PredictRequest {
  const inputs = Array.isArray(body.input) && body.input.some((item) => typeof item !== 'number') ? (body.input as unknown[]) : [body.input];
  const request: PredictRequest = { instances: inputs.map((input) => ({ content: typeof input === 'string' ? input : JSON.stringify(input ?? '') })) };
  if (typeof body.dimensions === 'number') request.parameters = { outputDimensionality: body.dimensions };
  return request;
}

export function toEmbeddingList(response: PredictResponse, model: string, encoding: unknown): EmbeddingList {
  const predictions = response.predictions ?? [];
  const tokens = predictions.reduce((sum, prediction) => sum + (prediction.embeddings?.statistics?.token_count ?? 0), 0);
  return embeddingList(
    predictions.map((prediction) => prediction.embeddings?.values ?? []),
    model,
    encoding,
    tokens,
  );
}
