import type { Adaptor, AdaptorRequest, BuiltRequest, ParsedAnswer, StreamParser, UpstreamRefusal, UpstreamTarget } from '../adaptor.js';
import { jsonHeaders, parsedAnswer, readJson } from '../adaptor-json.js';
import { baseUrlOf } from '../base-url.js';
import { convertedAnswer } from '../converted-answer.js';
import { wantsUsage } from '../openai-chunks.js';
import { baiduEndpoint } from './endpoints.js';
import { toBaiduChat, toBaiduEmbeddings } from './request.js';
import { baiduUsage, toChatCompletion, toEmbeddingList, type BaiduAnswer, type BaiduEmbeddings } from './response.js';
import { baiduStreamParser } from './stream.js';
import { cachedBaiduToken, ensureBaiduToken, forgetBaiduToken } from './token.js';
import { baiduError, parseBaiduError } from './upstream-error.js';

/**
 * Baidu Qianfan v1, wenxinworkshop (channel type 15): OpenAI chat and embeddings converted to Baidu's
 * bodies, on URLs carrying an access token exchanged from the `API_KEY|SECRET_KEY` key.
 * Docs: https://cloud.baidu.com/doc/WENXINWORKSHOP/s/flfmc9do2
 */
export const baiduAdaptor: Adaptor = {
  modes: ['chat', 'embeddings'],
  // Qianfan v1 answers one choice, has JSON mode but no schema, and no way to force a function.
  refuses: ['n', 'logprobs', 'response_format json_schema', 'tool_choice required', 'tool_choice function'],

  prepare: (target, post) => ensureBaiduToken(baseUrlOf(target), target.key, post),

  buildRequest(request: AdaptorRequest): BuiltRequest {
    const base = baseUrlOf(request.target);
    const embed = request.mode === 'embeddings';
    const body = readJson(request.body);
    const converted = embed ? toBaiduEmbeddings(body) : toBaiduChat(body, request.stream);
    const token = encodeURIComponent(cachedBaiduToken(base, request.target.key) ?? '');
    const url = `${base}/rpc/2.0/ai_custom/v1/wenxinworkshop/${embed ? 'embeddings' : 'chat'}/${baiduEndpoint(request.model)}?access_token=${token}`;
    const headers = jsonHeaders(request.stream);
    return { url, headers, body: Buffer.from(JSON.stringify(converted)) };
  },

  parseAnswer(request: AdaptorRequest, body: Buffer, contentType: string): ParsedAnswer {
    const answer = parsedAnswer<BaiduAnswer & BaiduEmbeddings>(body);
    if (answer === undefined) return { body, contentType, text: '' };
    const usage = baiduUsage(answer);
    if (request.mode === 'embeddings') return { body: Buffer.from(JSON.stringify(toEmbeddingList(answer, request.model))), contentType: 'application/json', usage, text: '' };
    const completion = toChatCompletion(answer, request.model);
    return convertedAnswer(completion, { usage, text: (answer.result ?? '') + (answer.function_call?.arguments ?? '') });
  },

  streamParser(request: AdaptorRequest): StreamParser {
    const includeUsage = wantsUsage(readJson(request.body));
    return baiduStreamParser({ model: request.model, includeUsage });
  },

  parseError: parseBaiduError,

  answerError: (_request: AdaptorRequest, body: Buffer): UpstreamRefusal | undefined => baiduError(body.toString('utf8')),

  /**
   * Every auth-class refusal (110/111 an invalid or expired token, and 6/13/14/15) drops the cached token:
   * the relay then asks once more with a token exchanged afresh, which a token refused early needs and
   * which costs a refused key one more exchange at most (reference providers.md 7.6: refresh once).
   */
  forgetCredentials: (target: UpstreamTarget) => forgetBaiduToken(baseUrlOf(target), target.key),
};
