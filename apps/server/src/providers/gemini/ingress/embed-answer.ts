/**
 * A converted embeddings answer: the hub's OpenAI embedding list as Gemini's EmbedContentResponse
 * (`{embedding:{values}}`) or BatchEmbedContentsResponse (`{embeddings:[{values}]}`). A vector the
 * upstream sent base64-encoded (OpenAI's little-endian float32) is decoded.
 * Docs: https://ai.google.dev/api/embeddings#EmbedContentResponse
 */
interface HubEmbeddings {
  data?: { index?: number; embedding?: number[] | string }[];
}

export function embedAnswer(body: Buffer, batch: boolean): Buffer {
  let list: HubEmbeddings;
  try {
    list = JSON.parse(body.toString('utf8')) as HubEmbeddings;
  } catch {
    return body;
  }
  const vectors = [...(list.data ?? [])].sort((a, b) => (a.index ?? 0) - (b.index ?? 0)).map((item) => ({ values: values(item.embedding) }));
  return Buffer.from(JSON.stringify(batch ? { embeddings: vectors } : { embedding: vectors[0] ?? { values: [] } }));
}

function values(embedding: number[] | string | undefined): number[] {
  if (Array.isArray(embedding)) return embedding;
  if (typeof embedding !== 'string') return [];
  const bytes = Buffer.from(embedding, 'base64');
  const whole = bytes.byteLength - (bytes.byteLength % 4);
  return Array.from(new Float32Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + whole)));
}
