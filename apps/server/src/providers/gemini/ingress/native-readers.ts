import type { NativeChanges, NativeReaders } from '../../ingress.js';
import type { JsonObject } from '../../openai/request-body.js';
import { nativeAnswer } from './native-answer.js';
import { nativeStream } from './native-stream.js';
import type { StreamMode } from './stream-framing.js';

/**
 * Reading and editing what passes through to a Gemini upstream. The model is in the URL, so a body
 * changes only where it names the model itself (the requests of batchEmbedContents, a countTokens'
 * generateContentRequest) or for the channel's system prompt, which replaces systemInstruction.
 */
const stream = (mode: StreamMode): NativeReaders['stream'] => (_framing, countText) => nativeStream(mode, countText);

export function generateReaders(mode: StreamMode): NativeReaders {
  return {
    rewrite(client, changes) {
      if (!changes.systemPrompt) return undefined;
      const { system_instruction: _snake, ...rest } = client;
      return { ...rest, systemInstruction: { parts: [{ text: changes.systemPrompt }] } };
    },
    answer: nativeAnswer,
    stream: stream(mode),
  };
}

/** Each request of a batch repeats `models/<name>`, which must be the URL's model. */
export function embedReaders(batch: boolean): NativeReaders {
  return {
    rewrite(client, changes) {
      if (!changes.model) return undefined;
      if (!batch) return typeof client.model === 'string' ? { ...client, model: `models/${changes.model}` } : undefined;
      const requests = Array.isArray(client.requests) ? (client.requests as JsonObject[]) : [];
      return { ...client, requests: requests.map((request) => withModel(request, changes)) };
    },
    answer: nativeAnswer,
    stream: stream('sse'),
  };
}

/**
 * countTokens: a wrapped generateContentRequest names the model. The channel's system prompt is not added:
 * the Gemini API takes a system instruction only inside the wrapper and Vertex only outside it, and the
 * count is of what the client would send.
 */
export const countTokensReaders: NativeReaders = {
  rewrite(client, changes) {
    const key = client.generateContentRequest ? 'generateContentRequest' : client.generate_content_request ? 'generate_content_request' : undefined;
    if (!changes.model || !key) return undefined;
    return { ...client, [key]: withModel(client[key] as JsonObject, changes) };
  },
  answer: nativeAnswer,
  stream: stream('sse'),
};

const withModel = (request: JsonObject, changes: NativeChanges): JsonObject => (request && typeof request === 'object' ? { ...request, model: `models/${changes.model}` } : request);
