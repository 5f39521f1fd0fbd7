/**
 * OpenAI's embedding list, for adaptors whose upstream answers embeddings in its own shape.
 * Docs: https://platform.openai.com/docs/api-reference/embeddings/object
 */
export interface EmbeddingList {
  object: 'list';
  data: { object: 'embedding'; index: number; embedding: number[] | string }[];
  model: string;
  usage: { prompt_tokens: number; total_tokens: number };
}

/**
 * The official OpenAI SDKs ask for `encoding_format: "base64"` by default and decode little-endian
 * float32, so that request is honoured. A prompt count of 0 lets the relay count the input locally.
 */
export function embeddingList(vectors: number[][], model: string, encoding: unknown, promptTokens = 0): EmbeddingList {
  const encode = (values: number[]) => (encoding === 'base64' ? Buffer.from(new Float32Array(values).buffer).toString('base64') : values);
  return {
    object: 'list',
    data: vectors.map((values, index) => ({ object: 'embedding', index, embedding: encode(values) })),
    model,
    usage: { prompt_tokens: promptTokens, total_tokens: promptTokens },
  };
}
