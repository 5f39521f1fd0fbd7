import { embeddingList, type EmbeddingList } from '../openai/embedding-list.js';
import type { JsonObject } from '../openai/request-body.js';

/**
 * OpenAI embeddings on Bedrock's InvokeModel for Amazon Titan Text Embeddings (v1, v2) and Cohere Embed
 * models. Titan embeds one text per call, so a list of inputs is several calls; Cohere takes up to 96 texts
 * in one. Titan counts each input's tokens in its answer; Cohere's answer counts none, and its count comes
 * from Bedrock's `X-Amzn-Bedrock-Input-Token-Count` header when present (else the relay counts locally).
 * Docs: https://docs.aws.amazon.com/bedrock/latest/userguide/model-parameters-titan-embed-text.html,
 * https://docs.aws.amazon.com/bedrock/latest/userguide/model-parameters-embed.html
 */
export type EmbedFamily = 'titan' | 'cohere';

/** Cohere's limit of texts per call on Bedrock. */
const COHERE_BATCH = 96;

export const embedFamily = (modelId: string): EmbedFamily => (/(^|[./])cohere\.embed/.test(modelId) ? 'cohere' : 'titan');

/** The texts to embed; token-array inputs are sent as their text form, as for the other text-only protocols. */
function embedTexts(body: JsonObject): string[] {
  const inputs = Array.isArray(body.input) && body.input.some((item) => typeof item !== 'number') ? (body.input as unknown[]) : [body.input];
  return inputs.map((input) => (typeof input === 'string' ? input : JSON.stringify(input ?? '')));
}

/** The InvokeModel bodies of one embeddings request, one per call. */
export function embedCalls(body: JsonObject, family: EmbedFamily): JsonObject[] {
  const texts = embedTexts(body);
  const dimensions = typeof body.dimensions === 'number' ? body.dimensions : undefined;
  if (family === 'titan') return texts.map((inputText) => ({ inputText, ...(dimensions !== undefined ? { dimensions } : {}) }));
  // OpenAI has no input type; `search_document` is what an index built from OpenAI-style calls needs most often.
  const inputType = typeof body.input_type === 'string' ? body.input_type : 'search_document';
  const calls: JsonObject[] = [];
  for (let start = 0; start < texts.length; start += COHERE_BATCH) {
    calls.push({ texts: texts.slice(start, start + COHERE_BATCH), input_type: inputType, embedding_types: ['float'], ...(dimensions !== undefined ? { output_dimension: dimensions } : {}) });
  }
  return calls;
}

/** One call's answer as the exchange hands it on, with the token count of its header. */
export interface EmbedAnswer {
  body: { embedding?: number[]; inputTextTokenCount?: number; embeddings?: { float?: number[][] } | number[][] };
  headerTokens?: number;
}

/** The answers of all calls, in order, as OpenAI's list; 0 tokens when any call's count is unknown. */
export function toEmbeddingList(answers: EmbedAnswer[], model: string, encoding: unknown): EmbeddingList {
  const vectors: number[][] = [];
  let tokens = 0;
  let counted = true;
  for (const { body, headerTokens } of answers) {
    if (body.embedding) vectors.push(body.embedding);
    else vectors.push(...(Array.isArray(body.embeddings) ? body.embeddings : (body.embeddings?.float ?? [])));
    const count = body.inputTextTokenCount ?? headerTokens;
    if (count === undefined) counted = false;
    else tokens += count;
  }
  return embeddingList(vectors, model, encoding, counted ? tokens : 0);
}
