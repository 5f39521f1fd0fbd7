import { jsonHeaders } from '../adaptor-json.js';
import type { BuiltRequest, NativeEndpoint } from '../adaptor.js';
import { upstreamMethod } from '../gemini/native-endpoint.js';
import { cachedVertexToken } from './access-token.js';
import { credentialsOf, projectIdOf } from './channel-credentials.js';
import { publisherOf, vertexUrl } from './upstream-url.js';

/**
 * Gemini clients' requests passed through to Gemini on Vertex AI: the same body and method at the
 * `publishers/google` model path, with the channel's access token (obtained by the adaptor's `prepare`).
 * Embedding models are not served so: Vertex embeds with `predict`, whose body is not Gemini's
 * embedContent, so those requests are converted (to predict) instead.
 * Docs: https://cloud.google.com/vertex-ai/generative-ai/docs/reference/rest/v1/projects.locations.publishers.models
 */
export const vertexGeminiNative: NativeEndpoint = {
  serves: (model) => publisherOf(model) === 'google' && !/embedding/i.test(model),
  framing: 'sse',
  buildRequest(request): BuiltRequest {
    const { target } = request;
    // The model's generateContent URL, with the client's method in its place.
    const generate = vertexUrl(target, projectIdOf(target), 'chat', request.model, false);
    const headers = {
      ...jsonHeaders(request.stream),
      authorization: `Bearer ${cachedVertexToken(credentialsOf(target)) ?? ''}`,
    };
    return { url: `${generate.slice(0, generate.lastIndexOf(':'))}:${upstreamMethod(request.path)}`, headers, body: request.body };
  },
};
