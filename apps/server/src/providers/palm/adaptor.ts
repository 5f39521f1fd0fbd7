import { nowSeconds } from '../../lib/random.js';
import type { Adaptor, AdaptorRequest, BuiltRequest, ParsedAnswer } from '../adaptor.js';
import { parsedAnswer, readJson } from '../adaptor-json.js';
import { baseUrlOf } from '../base-url.js';
import { convertedAnswer } from '../converted-answer.js';
import { parseGeminiError } from '../gemini/upstream-error.js';
import { palmModel, toPalmRequest } from './request.js';
import { toChatCompletion, type PalmResponse } from './response.js';

/**
 * Google PaLM 2 (channel type 11): OpenAI chat requests as generateMessage, answers back as
 * `chat.completion`. The API cannot stream, so the adaptor has no stream parser and the relay tells a
 * streaming client so; errors are Google's RPC shape, read as the Gemini API's. Google has shut the
 * service down: the adaptor serves existing channels pointed at a compatible host.
 * Docs: https://ai.google.dev/api/palm (legacy)
 */
export const palmAdaptor: Adaptor = {
  modes: ['chat'],
  // n is candidateCount; PaLM's generateMessage has no tools, JSON mode, stop sequences or token probabilities.
  refuses: ['logprobs', 'response_format json_object', 'response_format json_schema', 'tools', 'stop'],

  buildRequest(request: AdaptorRequest): BuiltRequest {
    const base = baseUrlOf(request.target);
    // The key goes in Google's header rather than `?key=`, so it stays out of URLs and their logs.
    const headers = { 'content-type': 'application/json', accept: 'application/json', 'accept-encoding': 'identity', 'x-goog-api-key': request.target.key };
    const url = `${base}/v1beta2/models/${encodeURIComponent(palmModel(request.model))}:generateMessage`;
    return { url, headers, body: Buffer.from(JSON.stringify(toPalmRequest(readJson(request.body)))) };
  },

  parseAnswer(request: AdaptorRequest, body: Buffer, contentType: string): ParsedAnswer {
    const answer = parsedAnswer<PalmResponse>(body);
    if (answer === undefined) return { body, contentType, text: '' };
    const completion = toChatCompletion(answer, request.model, nowSeconds());
    return convertedAnswer(completion);
  },

  parseError: parseGeminiError,
};
