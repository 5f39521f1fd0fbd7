import { nowSeconds } from '../../lib/random.js';
import type { Adaptor, AdaptorRequest, BuiltRequest, ParsedAnswer, StreamEvent, StreamParser, UpstreamIo, UpstreamRefusal, UpstreamTarget } from '../adaptor.js';
import { jsonHeaders, readJson } from '../adaptor-json.js';
import type { ChatParameter } from '../chat-parameters.js';
import { convertedAnswer } from '../converted-answer.js';
import { streamOptionsOf } from '../openai-chunks.js';
import { openAIAdaptor, openAIStreamParser } from '../openai/adaptor.js';
import type { JsonObject } from '../openai/request-body.js';
import { withSerialToolCalls } from '../serial-tool-calls.js';
import type { UpstreamResponse } from '../upstream-response.js';
import { withOpenAIFinishReasons } from './finish-reason.js';
import { cachedZhipuToken, ensureZhipuToken, forgetZhipuToken } from './jwt.js';
import { isV3Model, toCogViewRequest, toZhipuChat, toZhipuEmbeddings, zhipuUrl, type ZhipuCall } from './request.js';
import { parseZhipuError, refusalStatus } from './upstream-error.js';
import { toV3Request, v3ToChatCompletion, type V3Answer } from './v3.js';
import { reframeV3Stream, zhipuV3StreamParser } from './v3-stream.js';

/**
 * Zhipu GLM (channel type 16): the v4 API, OpenAI's wire format on its own paths (chat, embeddings and
 * CogView images), and the legacy v3 model-api for the `chatglm_*` models, both authenticated by a JWT
 * signed from the `id.secret` key. v4 answers pass through the OpenAI reader once Zhipu's finish reasons
 * are mapped; v3 answers and streams are converted (reference providers.md 10).
 * Docs: https://docs.bigmodel.cn/api-reference
 */
const mapFinishReasons = (text: string): string => {
  try {
    const parsed = JSON.parse(text) as JsonObject;
    const mapped = withOpenAIFinishReasons(parsed);
    return mapped === parsed ? text : JSON.stringify(mapped);
  } catch {
    return text;
  }
};

const callOf = (request: AdaptorRequest): ZhipuCall => (request.mode === 'embeddings' ? 'embeddings' : request.mode === 'images' ? 'images' : 'chat');

const isV3 = (request: AdaptorRequest) => request.mode === 'chat' && isV3Model(request.model);

function convert(request: AdaptorRequest, body: JsonObject): JsonObject {
  if (request.mode === 'embeddings') return toZhipuEmbeddings(body, request.model);
  if (request.mode === 'images') return toCogViewRequest(body, request.model);
  return isV3(request) ? toV3Request(body, request.stream) : toZhipuChat(body, request.model);
}

/**
 * v4 passes the OpenAI body on, but answers one choice, takes JSON mode without a schema, and only `auto` as
 * tool choice (one call per turn is emulated); v3 takes only the messages, temperature and top_p.
 */
const V4_REFUSES: readonly ChatParameter[] = ['n', 'logprobs', 'response_format json_schema', 'tool_choice required', 'tool_choice function'];
const V3_REFUSES: readonly ChatParameter[] = ['n', 'logprobs', 'response_format json_object', 'response_format json_schema', 'tools', 'stop'];

export const zhipuAdaptor: Adaptor = withSerialToolCalls({
  modes: ['chat', 'embeddings', 'images'],
  refuses: (model) => (isV3Model(model) ? V3_REFUSES : V4_REFUSES),

  /** jose signs asynchronously, so the token is signed (once a day per key) before `buildRequest` reads it. */
  async prepare(target: UpstreamTarget): Promise<UpstreamRefusal | undefined> {
    await ensureZhipuToken(target.key);
    return undefined;
  },

  /** A refused token is signed afresh for the next attempt (Zhipu's codes 1003/1004: invalid or expired token). */
  forgetCredentials: (target: UpstreamTarget) => forgetZhipuToken(target.key),

  buildRequest(request: AdaptorRequest): BuiltRequest {
    const { target } = request;
    const headers: Record<string, string> = {
      ...jsonHeaders(request.stream),
      // one-api sends the JWT bare; a key that is not id.secret goes as a bearer key, which v4 also accepts.
      authorization: cachedZhipuToken(target.key) ?? `Bearer ${target.key}`,
    };
    const url = zhipuUrl(target.baseUrl || target.type.defaultBaseUrl, callOf(request), request.model, request.stream);
    return { url, headers, body: Buffer.from(JSON.stringify(convert(request, readJson(request.body)))) };
  },

  /** A v3 stream is re-framed (see v3-stream.ts); every other call is the one POST, answered as is. */
  async exchange(built: BuiltRequest, request: AdaptorRequest, io: UpstreamIo): Promise<UpstreamResponse> {
    const response = await io.send({ url: built.url, method: 'POST', headers: built.headers, body: built.body });
    const contentType = String(response.headers['content-type'] ?? '');
    if (!isV3(request) || !request.stream || response.statusCode !== 200 || contentType.includes('application/json')) return response;
    return reframeV3Stream(response);
  },

  parseAnswer(request: AdaptorRequest, body: Buffer, contentType: string): ParsedAnswer {
    if (request.mode === 'images') return { body, contentType, text: '' };
    if (isV3(request)) {
      let answer: V3Answer;
      try {
        answer = JSON.parse(body.toString('utf8')) as V3Answer;
      } catch {
        return { body, contentType, text: '' };
      }
      const completion = v3ToChatCompletion(answer, request.model, nowSeconds());
      return convertedAnswer(completion);
    }
    const mapped = Buffer.from(mapFinishReasons(body.toString('utf8')));
    return openAIAdaptor.parseAnswer(request, mapped, contentType);
  },

  streamParser(request: AdaptorRequest): StreamParser {
    if (isV3(request)) {
      return zhipuV3StreamParser(streamOptionsOf(request));
    }
    const inner = openAIStreamParser();
    return { framing: 'sse', event: (data: string): StreamEvent => inner.event(data === '[DONE]' ? data : mapFinishReasons(data)) };
  },

  parseError: parseZhipuError,

  /** v3 reports failures inside a 200 answer: `{"code":1002,"msg":"…","success":false}`. */
  answerError(request: AdaptorRequest, body: Buffer): UpstreamRefusal | undefined {
    if (!isV3(request)) return undefined;
    let answer: V3Answer;
    try {
      answer = JSON.parse(body.toString('utf8')) as V3Answer;
    } catch {
      return undefined;
    }
    if (answer.success !== false && (answer.code === undefined || answer.code === 200)) return undefined;
    const status = refusalStatus(Number(answer.code));
    return { status, error: parseZhipuError(status, body.toString('utf8')) };
  },
});
