import { nowSeconds } from '../../lib/random.js';
import type { Adaptor, AdaptorRequest, BuiltRequest, ParsedAnswer, StreamParser } from '../adaptor.js';
import { parsedAnswer, readJson } from '../adaptor-json.js';
import { convertedAnswer } from '../converted-answer.js';
import { streamOptionsOf } from '../openai-chunks.js';
import { runPrediction } from './exchange.js';
import { predictionUrl, toChatPrediction, toImagePrediction } from './request.js';
import { toChatCompletion, toImagesResponse } from './response.js';
import { replicateStreamParser } from './stream.js';
import { parseReplicateError } from './upstream-error.js';
import type { Prediction } from './wire-types.js';

/**
 * Replicate (channel type 46): chat and image models run as predictions (reference providers.md 17,
 * one-api.md 2.3). A prediction is created, then followed on its token stream or polled until it ends,
 * in `exchange`; the finished prediction is converted here. The model is `owner/name` (or
 * `owner/name:version`), as Replicate names it.
 * Docs: https://replicate.com/docs/reference/http
 */
export const replicateAdaptor: Adaptor = {
  modes: ['chat', 'images'],
  // A prediction answers one text from a flattened prompt: no choices, tools, JSON mode or token probabilities.
  refuses: ['n', 'logprobs', 'response_format json_object', 'response_format json_schema', 'tools'],

  buildRequest(request: AdaptorRequest): BuiltRequest {
    const { target } = request;
    const body = readJson(request.body);
    const prediction = request.mode === 'images' ? toImagePrediction(body, request.model) : toChatPrediction(body, request.model, request.stream);
    const headers = { 'content-type': 'application/json', accept: 'application/json', 'accept-encoding': 'identity', authorization: `Bearer ${target.key}` };
    return { url: predictionUrl(target.baseUrl || target.type.defaultBaseUrl, request.model), headers, body: Buffer.from(JSON.stringify(prediction)) };
  },

  exchange: runPrediction,

  parseAnswer(request: AdaptorRequest, body: Buffer, contentType: string): ParsedAnswer {
    const prediction = parsedAnswer<Prediction>(body);
    if (prediction === undefined) return { body, contentType, text: '' };
    if (request.mode === 'images') {
      const images = toImagesResponse(prediction, nowSeconds(), readJson(request.body).response_format === 'b64_json');
      return { body: Buffer.from(JSON.stringify(images)), contentType: 'application/json', text: '' };
    }
    const completion = toChatCompletion(prediction, request.model, nowSeconds());
    return convertedAnswer(completion);
  },

  streamParser(request: AdaptorRequest): StreamParser {
    return replicateStreamParser(streamOptionsOf(request));
  },

  parseError: parseReplicateError,
};
