import { jsonHeaders } from '../adaptor-json.js';
import type { BuiltRequest, NativeEndpoint } from '../adaptor.js';
import { clientHeader, isCountTokens } from '../anthropic/native-endpoint.js';
import type { JsonObject } from '../openai/request-body.js';
import { cachedVertexToken } from './access-token.js';
import { credentialsOf, projectIdOf } from './channel-credentials.js';
import { VERTEX_ANTHROPIC_VERSION } from './claude-request.js';
import { publisherOf, vertexUrl } from './upstream-url.js';

/**
 * Anthropic clients' requests passed through to Claude on Vertex AI (reference providers.md 4.3): the
 * client's body without `model` (in the URL) and with Vertex's API version, to rawPredict or
 * streamRawPredict (`stream` stays in the body), with the channel's access token and the client's beta
 * flags in the `anthropic-beta` header. count_tokens goes to the `count-tokens` model's rawPredict, whose
 * body names the model. Only Claude models take it.
 * Docs: https://cloud.google.com/vertex-ai/generative-ai/docs/partner-models/claude/use-claude,
 * https://cloud.google.com/vertex-ai/generative-ai/docs/partner-models/claude/count-tokens
 */
export const vertexClaudeNative: NativeEndpoint = {
  serves: (model) => publisherOf(model) === 'anthropic',
  framing: 'sse',
  buildRequest(request): BuiltRequest {
    const { target } = request;
    const count = isCountTokens(request);
    const { model, ...rest } = JSON.parse(request.body.toString('utf8') || '{}') as JsonObject;
    const body = { anthropic_version: VERTEX_ANTHROPIC_VERSION, ...rest, ...(count ? { model: model ?? request.model } : {}) };
    const headers: Record<string, string> = {
      ...jsonHeaders(request.stream),
      authorization: `Bearer ${cachedVertexToken(credentialsOf(target)) ?? ''}`,
    };
    const beta = clientHeader(request, 'anthropic-beta');
    if (beta) headers['anthropic-beta'] = beta;
    // count-tokens is Claude's counting "model" on Vertex; its URL is the publisher's, like a Claude model's.
    const url = vertexUrl(target, projectIdOf(target), 'chat', count ? 'claude-count-tokens' : request.model, request.stream).replace(/claude-count-tokens:rawPredict$/, 'count-tokens:rawPredict');
    return { url, headers, body: Buffer.from(JSON.stringify(body)) };
  },
};
