import type { Adaptor, AdaptorRequest, BuiltRequest, ParsedAnswer, StreamParser } from '../adaptor.js';
import { generatedText } from '../anthropic/response.js';
import { reportedUsage } from '../anthropic/usage.js';
import type { JsonObject } from '../openai/request-body.js';
import { toEmbedRequest, toEmbeddingList } from './embeddings.js';
import { incrementalOutput, toDashScopeRequest } from './request.js';
import { toChatCompletion } from './response.js';
import { dashScopeStreamParser } from './stream.js';
import { parseDashScopeError } from './upstream-error.js';
import type { DashScopeChatResponse, DashScopeEmbedResponse } from './wire-types.js';

/**
 * Alibaba DashScope's native API (channel type 17): chat through text-generation and embeddings through
 * text-embedding (reference providers.md 8, one-api.md 2.3), answers and SSE streams converted back.
 * Docs: https://www.alibabacloud.com/help/en/model-studio/use-qwen-by-calling-api
 */
const readJson = (body: Buffer): JsonObject => JSON.parse(body.toString('utf8') || '{}') as JsonObject;

const nowSeconds = () => Math.floor(Date.now() / 1000);

const PATHS = {
  chat: '/api/v1/services/aigc/text-generation/generation',
  embeddings: '/api/v1/services/embeddings/text-embedding/text-embedding',
};

export const dashScopeAdaptor: Adaptor = {
  modes: ['chat', 'embeddings'],

  buildRequest(request: AdaptorRequest): BuiltRequest {
    const { target } = request;
    const base = (target.baseUrl || target.type.defaultBaseUrl).replace(/\/+$/, '');
    const body = readJson(request.body);
    const embed = request.mode === 'embeddings';
    const converted = embed ? toEmbedRequest(body, request.model) : toDashScopeRequest(body, request.model, request.stream);
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      accept: request.stream ? 'text/event-stream' : 'application/json',
      'accept-encoding': 'identity',
      authorization: `Bearer ${target.key}`,
    };
    if (request.stream) headers['x-dashscope-sse'] = 'enable';
    // The channel's config `plugin` names DashScope plugins to enable, as one-api passes it on.
    if (target.config.plugin) headers['x-dashscope-plugin'] = target.config.plugin;
    return { url: `${base}${embed ? PATHS.embeddings : PATHS.chat}`, headers, body: Buffer.from(JSON.stringify(converted)) };
  },

  parseAnswer(request: AdaptorRequest, body: Buffer, contentType: string): ParsedAnswer {
    let answer: DashScopeChatResponse & DashScopeEmbedResponse;
    try {
      answer = JSON.parse(body.toString('utf8')) as typeof answer;
    } catch {
      return { body, contentType, text: '' };
    }
    if (request.mode === 'embeddings') {
      const list = toEmbeddingList(answer, request.model, readJson(request.body).encoding_format);
      const usage = list.usage.prompt_tokens > 0 ? { promptTokens: list.usage.prompt_tokens, completionTokens: 0, totalTokens: list.usage.total_tokens } : undefined;
      return { body: Buffer.from(JSON.stringify(list)), contentType: 'application/json', usage, text: '' };
    }
    const completion = toChatCompletion(answer, request.model, nowSeconds());
    return { body: Buffer.from(JSON.stringify(completion)), contentType: 'application/json', usage: reportedUsage(completion.usage), text: generatedText(completion) };
  },

  streamParser(request: AdaptorRequest): StreamParser {
    const body = readJson(request.body);
    const includeUsage = (body.stream_options as { include_usage?: unknown } | undefined)?.include_usage === true;
    return dashScopeStreamParser({ model: request.model, created: nowSeconds(), includeUsage, incremental: incrementalOutput(body, true) });
  },

  parseError: parseDashScopeError,
};
