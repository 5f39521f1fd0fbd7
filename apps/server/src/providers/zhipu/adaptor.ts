import type { Adaptor, AdaptorRequest, BuiltRequest, ParsedAnswer, StreamEvent, StreamParser } from '../adaptor.js';
import { openAIAdaptor, openAIStreamParser } from '../openai/adaptor.js';
import type { JsonObject } from '../openai/request-body.js';
import { withOpenAIFinishReasons } from './finish-reason.js';
import { zhipuToken } from './jwt.js';
import { toZhipuChat, toZhipuEmbeddings, zhipuUrl } from './request.js';
import { parseZhipuError } from './upstream-error.js';

/**
 * Zhipu GLM's v4 API (channel type 16): OpenAI's wire format on its own paths, authenticated by a JWT
 * signed from the `id.secret` key. Answers pass through the OpenAI reader once Zhipu's finish reasons are
 * mapped. Docs: https://docs.bigmodel.cn/api-reference
 */
const readJson = (body: Buffer): JsonObject => JSON.parse(body.toString('utf8') || '{}') as JsonObject;

const mapFinishReasons = (text: string): string => {
  try {
    const parsed = JSON.parse(text) as JsonObject;
    const mapped = withOpenAIFinishReasons(parsed);
    return mapped === parsed ? text : JSON.stringify(mapped);
  } catch {
    return text;
  }
};

export const zhipuAdaptor: Adaptor = {
  modes: ['chat', 'embeddings'],

  buildRequest(request: AdaptorRequest): BuiltRequest {
    const { target } = request;
    const embed = request.mode === 'embeddings';
    const body = readJson(request.body);
    const converted = embed ? toZhipuEmbeddings(body, request.model) : toZhipuChat(body, request.model);
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      accept: request.stream ? 'text/event-stream' : 'application/json',
      'accept-encoding': 'identity',
      // one-api sends the JWT bare; a key that is not id.secret goes as a bearer key, which v4 also accepts.
      authorization: zhipuToken(target.key) ?? `Bearer ${target.key}`,
    };
    const url = zhipuUrl(target.baseUrl || target.type.defaultBaseUrl, embed ? 'embeddings' : 'chat', request.model);
    return { url, headers, body: Buffer.from(JSON.stringify(converted)) };
  },

  parseAnswer(request: AdaptorRequest, body: Buffer, contentType: string): ParsedAnswer {
    const mapped = Buffer.from(mapFinishReasons(body.toString('utf8')));
    return openAIAdaptor.parseAnswer(request, mapped, contentType);
  },

  streamParser(): StreamParser {
    const inner = openAIStreamParser();
    return { framing: 'sse', event: (data: string): StreamEvent => inner.event(data === '[DONE]' ? data : mapFinishReasons(data)) };
  },

  parseError: parseZhipuError,
};
