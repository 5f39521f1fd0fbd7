import { jsonHeaders } from '../adaptor-json.js';
import type { AdaptorRequest, BuiltRequest, NativeEndpoint } from '../adaptor.js';
import { baseUrlOf } from '../base-url.js';

/**
 * Anthropic clients' requests passed through to an upstream that serves the Messages API: the client's
 * body as it sent it (only the model mapped), to /v1/messages or /v1/messages/count_tokens, with the
 * channel's key and the client's `anthropic-version` and `anthropic-beta` headers (Claude Code's betas
 * decide what the upstream may send back). Docs: https://docs.anthropic.com/en/api/messages
 */
const DEFAULT_VERSION = '2023-06-01';

export const clientHeader = (request: AdaptorRequest, name: string): string | undefined => {
  const value = request.clientHeaders?.[name];
  return Array.isArray(value) ? value.join(',') : value;
};

/** The client's method below /v1/messages: the message itself, or count_tokens; the query (`?beta=true`) stays behind. */
export const isCountTokens = (request: AdaptorRequest): boolean => (request.path.split('?')[0] ?? '').endsWith('/count_tokens');

const messagesPath = (request: AdaptorRequest) => (isCountTokens(request) ? '/v1/messages/count_tokens' : '/v1/messages');

const baseUrl = (request: AdaptorRequest) => baseUrlOf(request.target);

/** The headers of a Messages call; answers uncompressed, as the relay reads them while they come. */
function headers(request: AdaptorRequest): Record<string, string> {
  const result: Record<string, string> = {
    ...jsonHeaders(request.stream),
    'x-api-key': request.target.key,
    'anthropic-version': clientHeader(request, 'anthropic-version') ?? DEFAULT_VERSION,
  };
  const beta = clientHeader(request, 'anthropic-beta');
  if (beta) result['anthropic-beta'] = beta;
  return result;
}

/** Anthropic's own API (channel type 14). */
export const anthropicNative: NativeEndpoint = {
  framing: 'sse',
  buildRequest: (request): BuiltRequest => ({ url: `${baseUrl(request)}${messagesPath(request)}`, headers: headers(request), body: request.body }),
};

/**
 * A vendor serving the Messages API at the catalog's path below its base URL (DeepSeek's '/anthropic',
 * Moonshot's, Zhipu's '/api/anthropic', Bailian's): some read the key from `x-api-key`, others from
 * `Authorization`, so both carry it.
 */
export const genericAnthropicNative: NativeEndpoint = {
  framing: 'sse',
  buildRequest(request): BuiltRequest {
    const path = request.target.type.native?.anthropic ?? '';
    return { url: `${baseUrl(request)}${path}${messagesPath(request)}`, headers: { ...headers(request), authorization: `Bearer ${request.target.key}` }, body: request.body };
  },
};
