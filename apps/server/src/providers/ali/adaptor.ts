import { nowSeconds } from '../../lib/random.js';
import type { Adaptor, AdaptorRequest, BuiltRequest, ParsedAnswer, StreamParser, UpstreamIo } from '../adaptor.js';
import { jsonHeaders, parsedAnswer, readJson } from '../adaptor-json.js';
import { baseUrlOf } from '../base-url.js';
import { convertedAnswer, embeddingAnswer } from '../converted-answer.js';
import { wantsUsage } from '../openai-chunks.js';
import type { JsonObject } from '../openai/request-body.js';
import type { UpstreamResponse } from '../upstream-response.js';
import { toEmbedRequest, toEmbeddingList } from './embeddings.js';
import { runImageSynthesis } from './image-task.js';
import { toImageSynthesisRequest, toImagesResponse } from './images.js';
import { incrementalOutput, needsMultimodal, toDashScopeRequest } from './request.js';
import { toChatCompletion } from './response.js';
import { dashScopeStreamParser } from './stream.js';
import { parseDashScopeError } from './upstream-error.js';
import type { DashScopeChatResponse, DashScopeEmbedResponse, DashScopeTask } from './wire-types.js';

/**
 * Alibaba DashScope's native API (channel type 17): chat through text-generation (multimodal-generation
 * for vision models and requests with images), embeddings through text-embedding, and image generation as
 * an image-synthesis task polled to completion (reference providers.md 8, one-api.md 2.3); answers and
 * SSE streams converted back.
 * Docs: https://www.alibabacloud.com/help/en/model-studio/use-qwen-by-calling-api
 */
const PATHS = {
  chat: '/api/v1/services/aigc/text-generation/generation',
  multimodal: '/api/v1/services/aigc/multimodal-generation/generation',
  embeddings: '/api/v1/services/embeddings/text-embedding/text-embedding',
  images: '/api/v1/services/aigc/text2image/image-synthesis',
  tasks: '/api/v1/tasks',
};

const baseOf = (request: AdaptorRequest) => baseUrlOf(request.target);

/** The call and its body for the relay mode; chat goes to the multimodal endpoint when it must (8.2). */
function converted(request: AdaptorRequest, body: JsonObject): { path: string; payload: unknown } {
  if (request.mode === 'embeddings') return { path: PATHS.embeddings, payload: toEmbedRequest(body, request.model) };
  if (request.mode === 'images') return { path: PATHS.images, payload: toImageSynthesisRequest(body, request.model) };
  const multimodal = needsMultimodal(body, request.model);
  return { path: multimodal ? PATHS.multimodal : PATHS.chat, payload: toDashScopeRequest(body, request.model, request.stream, multimodal) };
}

export const dashScopeAdaptor: Adaptor = {
  modes: ['chat', 'embeddings', 'images'],
  // DashScope's `n` and logprobs are not read back; its tool_choice has no `required`.
  refuses: ['n', 'logprobs', 'tool_choice required'],

  buildRequest(request: AdaptorRequest): BuiltRequest {
    const { target } = request;
    const { path, payload } = converted(request, readJson(request.body));
    const headers: Record<string, string> = {
      ...jsonHeaders(request.stream),
      authorization: `Bearer ${target.key}`,
    };
    if (request.stream) headers['x-dashscope-sse'] = 'enable';
    if (request.mode === 'images') headers['x-dashscope-async'] = 'enable';
    // The channel's config `plugin` names DashScope plugins to enable, as one-api passes it on.
    if (target.config.plugin) headers['x-dashscope-plugin'] = target.config.plugin;
    return { url: `${baseOf(request)}${path}`, headers, body: Buffer.from(JSON.stringify(payload)) };
  },

  /** Image synthesis is a task to poll; every other call is the one POST. */
  exchange(built: BuiltRequest, request: AdaptorRequest, io: UpstreamIo): Promise<UpstreamResponse> {
    if (request.mode === 'images') return runImageSynthesis(built, `${baseOf(request)}${PATHS.tasks}`, io);
    return io.send({ url: built.url, method: 'POST', headers: built.headers, body: built.body });
  },

  parseAnswer(request: AdaptorRequest, body: Buffer, contentType: string): ParsedAnswer {
    const answer = parsedAnswer<DashScopeChatResponse & DashScopeEmbedResponse & DashScopeTask>(body);
    if (answer === undefined) return { body, contentType, text: '' };
    if (request.mode === 'images') {
      const images = toImagesResponse(answer, nowSeconds(), readJson(request.body).response_format === 'b64_json');
      return { body: Buffer.from(JSON.stringify(images)), contentType: 'application/json', text: '' };
    }
    if (request.mode === 'embeddings') {
      return embeddingAnswer(toEmbeddingList(answer, request.model, readJson(request.body).encoding_format));
    }
    const completion = toChatCompletion(answer, request.model, nowSeconds());
    return convertedAnswer(completion);
  },

  streamParser(request: AdaptorRequest): StreamParser {
    const body = readJson(request.body);
    const includeUsage = wantsUsage(body);
    return dashScopeStreamParser({ model: request.model, created: nowSeconds(), includeUsage, incremental: incrementalOutput(body, true) });
  },

  parseError: parseDashScopeError,
};
