import { nowSeconds } from '../../lib/random.js';
import type { Adaptor, AdaptorRequest, BuiltRequest, ParsedAnswer, StreamParser } from '../adaptor.js';
import { jsonHeaders, parsedAnswer, readJson } from '../adaptor-json.js';
import { baseUrlOf } from '../base-url.js';
import { convertedAnswer } from '../converted-answer.js';
import { cozeUser, toCozeRequest } from './request.js';
import { toChatCompletion } from './response.js';
import { cozeStreamParser } from './stream.js';
import { cozeError, parseCozeError } from './upstream-error.js';
import type { CozeChatResponse } from './wire-types.js';

/**
 * Coze (channel type 34): bots as models `bot-<bot_id>`, through the v2 chat API that one-api speaks
 * (reference providers.md 14.1, one-api.md 2.3). v2 answers in one call and streams plain `data:` frames
 * that carry their event name, which the relay's SSE reader needs; v3 would need a polled exchange for
 * non-stream answers and event names from `event:` lines.
 * Docs: https://www.coze.com/docs/developer_guides/coze_api_overview
 */
export const cozeAdaptor: Adaptor = {
  modes: ['chat'],

  buildRequest(request: AdaptorRequest): BuiltRequest {
    const { target } = request;
    const base = baseUrlOf(target);
    const body = readJson(request.body);
    const converted = toCozeRequest(body, request.model, request.stream, cozeUser(target.config, body));
    const headers: Record<string, string> = {
      ...jsonHeaders(request.stream),
      authorization: `Bearer ${target.key}`,
    };
    return { url: `${base}/open_api/v2/chat`, headers, body: Buffer.from(JSON.stringify(converted)) };
  },

  parseAnswer(request: AdaptorRequest, body: Buffer, contentType: string): ParsedAnswer {
    const answer = parsedAnswer<CozeChatResponse>(body);
    if (answer === undefined) return { body, contentType, text: '' };
    return convertedAnswer(toChatCompletion(answer, request.model, nowSeconds()));
  },

  streamParser: (request: AdaptorRequest): StreamParser => cozeStreamParser({ model: request.model, created: nowSeconds() }),

  parseError: parseCozeError,

  answerError: (_request, body) => cozeError(body.toString('utf8')),
};
