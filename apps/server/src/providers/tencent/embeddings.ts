import { embeddingList, type EmbeddingList } from '../openai/embedding-list.js';
import type { JsonObject } from '../openai/request-body.js';
import type { HunyuanEmbeddings } from './wire-types.js';

/**
 * OpenAI embeddings as Hunyuan's GetEmbedding and back (reference providers.md 11.4). The model is fixed
 * by the action (hunyuan-embedding), so it is not sent.
 * Docs: https://cloud.tencent.com/document/api/1729/102832
 */
export function toEmbeddingRequest(body: JsonObject): { InputList: string[] } {
  const inputs = Array.isArray(body.input) ? body.input : [body.input];
  return { InputList: inputs.map((input) => (typeof input === 'string' ? input : JSON.stringify(input))) };
}

export function toEmbeddingList(response: HunyuanEmbeddings, model: string, encoding: unknown): EmbeddingList {
  const ordered = [...(response.Data ?? [])].sort((a, b) => (a.Index ?? 0) - (b.Index ?? 0));
  return embeddingList(
    ordered.map((item) => item.Embedding ?? []),
    model,
    encoding,
    response.Usage?.PromptTokens ?? 0,
  );
}
