import { jsonHeaders } from '../adaptor-json.js';
import type { AdaptorRequest, BuiltRequest, NativeEndpoint } from '../adaptor.js';
import { baseUrlOf } from '../base-url.js';
import { apiVersion } from './upstream-url.js';

/**
 * Gemini clients' requests passed through to a Gemini API upstream: the client's body as it sent it, to
 * the same method of the channel's model, with the channel's key. Streams are always asked with `alt=sse`
 * (a client that wants the JSON array gets the events re-framed). Docs: https://ai.google.dev/api
 */

/** The method of a client path `…/models/{model}:{method}?…` as the upstream is asked it; the client's query (its key) stays behind. */
export function upstreamMethod(path: string): string {
  const pathname = path.split('?')[0] ?? '';
  let decoded = pathname;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    decoded = pathname;
  }
  const method = decoded.slice(decoded.lastIndexOf(':') + 1);
  return method === 'streamGenerateContent' ? 'streamGenerateContent?alt=sse' : method;
}

/** The headers of a call with a Gemini API key; answers uncompressed, as the relay reads them while they come. */
export const apiKeyHeaders = (request: AdaptorRequest): Record<string, string> => ({
  ...jsonHeaders(request.stream),
  'x-goog-api-key': request.target.key,
});

const baseUrl = (request: AdaptorRequest) => baseUrlOf(request.target);

const modelPath = (request: AdaptorRequest) => `models/${encodeURIComponent(request.model)}:${upstreamMethod(request.path)}`;

/** Google's own API, at the API version the channel and the model call for (upstream-url.ts). */
export const geminiNative: NativeEndpoint = {
  framing: 'sse',
  buildRequest(request): BuiltRequest {
    const version = apiVersion(request.target, request.model, request.target.settings.GEMINI_VERSION);
    return { url: `${baseUrl(request)}/${version}/${modelPath(request)}`, headers: apiKeyHeaders(request), body: request.body };
  },
};

/** Another vendor or gateway serving Gemini's API at the catalog's path below its base URL, at v1beta. */
export const genericGeminiNative: NativeEndpoint = {
  framing: 'sse',
  buildRequest(request): BuiltRequest {
    const path = request.target.type.native?.gemini ?? '';
    return { url: `${baseUrl(request)}${path}/v1beta/${modelPath(request)}`, headers: apiKeyHeaders(request), body: request.body };
  },
};
