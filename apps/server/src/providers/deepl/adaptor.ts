import { nowSeconds } from '../../lib/random.js';
import type { Adaptor, AdaptorRequest, BuiltRequest, ParsedAnswer, StreamEvent, StreamParser, UpstreamIo } from '../adaptor.js';
import { parsedAnswer, readJson } from '../adaptor-json.js';
import { convertedAnswer } from '../converted-answer.js';
import { bufferedResponse, type UpstreamResponse } from '../upstream-response.js';
import { deeplBase, targetLanguageOf, toDeepLRequest } from './request.js';
import { toChatCompletion, toChunks, translationText, type DeepLResponse } from './response.js';
import { QUOTA_EXCEEDED, parseDeepLError, quotaErrorBody } from './upstream-error.js';

/**
 * DeepL (channel type 38): translation exposed as chat models `deepl-zh`, `deepl-en`, `deepl-ja` (any
 * `deepl-<lang>` works), reference providers.md 15. DeepL has no stream, but SDK users ask for one as they
 * would of any chat model, so a stream request is served: the translation is fetched whole and sent as one
 * content chunk and a finish chunk, re-framed as SSE in `exchange` and read by the stream parser.
 * Docs: https://developers.deepl.com/docs/api-reference/translate
 */
const badModel = (model: string) =>
  bufferedResponse(400, 'application/json', Buffer.from(JSON.stringify({ message: `DeepL models name the target language: deepl-zh, deepl-en, deepl-ja…; got ${model}` })));

export const deeplAdaptor: Adaptor = {
  modes: ['chat'],
  // A translation, not a generation: one text, and no tools, JSON mode, stop sequences or token probabilities.
  refuses: ['n', 'logprobs', 'response_format json_object', 'response_format json_schema', 'tools', 'stop'],

  buildRequest(request: AdaptorRequest): BuiltRequest {
    const converted = toDeepLRequest(readJson(request.body), targetLanguageOf(request.model) ?? '');
    const headers = { 'content-type': 'application/json', accept: 'application/json', 'accept-encoding': 'identity', authorization: `DeepL-Auth-Key ${request.target.key}` };
    return { url: `${deeplBase(request.target)}/v2/translate`, headers, body: Buffer.from(JSON.stringify(converted)) };
  },

  async exchange(built: BuiltRequest, request: AdaptorRequest, io: UpstreamIo): Promise<UpstreamResponse> {
    if (!targetLanguageOf(request.model)) return badModel(request.model);
    const response = await io.send({ url: built.url, method: 'POST', headers: built.headers, body: built.body });
    if (response.statusCode === QUOTA_EXCEEDED) return bufferedResponse(429, 'application/json', quotaErrorBody(await response.body.text()));
    if (!request.stream || response.statusCode !== 200) return response;
    // The whole translation as the one event of a stream, for the stream parser to split into chunks.
    const whole = await response.body.text();
    return bufferedResponse(200, 'text/event-stream', Buffer.from(`data: ${whole.replace(/\r?\n/g, '')}\n\n`));
  },

  parseAnswer(request: AdaptorRequest, body: Buffer, contentType: string): ParsedAnswer {
    const answer = parsedAnswer<DeepLResponse>(body);
    if (answer === undefined) return { body, contentType, text: '' };
    return convertedAnswer(toChatCompletion(answer, request.model, nowSeconds()));
  },

  streamParser(request: AdaptorRequest): StreamParser {
    const created = nowSeconds();
    return {
      framing: 'sse',
      event(data: string): StreamEvent {
        let answer: DeepLResponse;
        try {
          answer = JSON.parse(data) as DeepLResponse;
        } catch {
          return { forward: [], text: '' };
        }
        return { forward: [...toChunks(answer, request.model, created), '[DONE]'], text: translationText(answer), done: true };
      },
    };
  },

  parseError: parseDeepLError,
};
