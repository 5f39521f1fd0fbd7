import { nowSeconds } from '../../lib/random.js';
import type { Adaptor, AdaptorRequest, BuiltRequest, ParsedAnswer, StreamParser, UpstreamRefusal, UpstreamTarget } from '../adaptor.js';
import { jsonHeaders, parsedAnswer, readJson } from '../adaptor-json.js';
import { baseUrlOf } from '../base-url.js';
import { convertedAnswer } from '../converted-answer.js';
import { libraryIdOf, toAskRequest } from './request.js';
import { toChatCompletion } from './response.js';
import { libraryStreamParser } from './stream.js';
import { libraryAnswerError, parseLibraryError } from './upstream-error.js';
import type { LibraryAnswer } from './wire-types.js';

/**
 * AI Proxy library (channel type 21): a knowledge base asked through `POST {base}/api/library/ask`
 * (reference providers.md 19, one-api.md 2.3), answers and streams converted to OpenAI's chat shapes.
 */
function missingLibrary(target: UpstreamTarget): UpstreamRefusal | undefined {
  if (libraryIdOf(target) !== '') return undefined;
  return { status: 500, error: { message: 'the AI Proxy library channel has no library id: set it in the channel form', type: 'upstream_error', code: 'channel_config_missing' } };
}

export const aiProxyLibraryAdaptor: Adaptor = {
  modes: ['chat'],
  // The library answers one question from its knowledge base: only the last user text reaches it.
  refuses: ['n', 'logprobs', 'response_format json_object', 'response_format json_schema', 'tools', 'stop'],

  prepare: (target) => Promise.resolve(missingLibrary(target)),

  buildRequest(request: AdaptorRequest): BuiltRequest {
    const { target } = request;
    const base = baseUrlOf(target);
    const converted = toAskRequest(readJson(request.body), request.model, libraryIdOf(target), request.stream);
    const headers = {
      ...jsonHeaders(request.stream),
      authorization: `Bearer ${target.key}`,
    };
    return { url: `${base}/api/library/ask`, headers, body: Buffer.from(JSON.stringify(converted)) };
  },

  parseAnswer(request: AdaptorRequest, body: Buffer, contentType: string): ParsedAnswer {
    const answer = parsedAnswer<LibraryAnswer>(body);
    if (answer === undefined) return { body, contentType, text: '' };
    // The references appended to the answer are ours, not generated: only the answer is counted.
    return convertedAnswer(toChatCompletion(answer, request.model, nowSeconds()), { text: answer.answer ?? '' });
  },

  streamParser: (request: AdaptorRequest): StreamParser => libraryStreamParser({ model: request.model, created: nowSeconds() }),

  parseError: parseLibraryError,

  answerError: (_request, body) => libraryAnswerError(body.toString('utf8')),
};
