import { nowSeconds } from '../../lib/random.js';
import type { Adaptor, AdaptorRequest, BuiltRequest, ParsedAnswer, StreamParser } from '../adaptor.js';
import { parsedAnswer, readJson } from '../adaptor-json.js';
import { baseUrlOf } from '../base-url.js';
import { convertedAnswer, embeddingAnswer } from '../converted-answer.js';
import { streamOptionsOf } from '../openai-chunks.js';
import { withSerialToolCalls } from '../serial-tool-calls.js';
import { toEmbedRequest, toEmbeddingList } from './embeddings.js';
import { toCohereRequest } from './request.js';
import { toChatCompletion } from './response.js';
import { cohereStreamParser } from './stream.js';
import { parseCohereError } from './upstream-error.js';
import type { CohereChatResponse, CohereEmbedResponse } from './wire-types.js';

/**
 * Cohere (channel type 35): OpenAI chat requests converted to v1 /v1/chat as one-api does (reference
 * providers.md 12, one-api.md 2.3), embeddings to /v2/embed, answers and NDJSON streams converted back.
 * Docs: https://docs.cohere.com/v1/reference/chat
 */
export const cohereAdaptor: Adaptor = withSerialToolCalls({
  modes: ['chat', 'embeddings'],
  // Cohere's v1 chat answers one text, reports no token probabilities and has no tool_choice to force a call (one call per turn is emulated).
  refuses: ['n', 'logprobs', 'tool_choice required', 'tool_choice function'],

  buildRequest(request: AdaptorRequest): BuiltRequest {
    const { target } = request;
    const base = baseUrlOf(target);
    const body = readJson(request.body);
    const embed = request.mode === 'embeddings';
    const converted = embed ? toEmbedRequest(body, request.model) : toCohereRequest(body, request.model, request.stream);
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      accept: 'application/json',
      'accept-encoding': 'identity',
      authorization: `Bearer ${target.key}`,
    };
    return { url: `${base}${embed ? '/v2/embed' : '/v1/chat'}`, headers, body: Buffer.from(JSON.stringify(converted)) };
  },

  parseAnswer(request: AdaptorRequest, body: Buffer, contentType: string): ParsedAnswer {
    const answer = parsedAnswer<CohereChatResponse & CohereEmbedResponse>(body);
    if (answer === undefined) return { body, contentType, text: '' };
    if (request.mode === 'embeddings') {
      return embeddingAnswer(toEmbeddingList(answer, request.model, readJson(request.body).encoding_format));
    }
    const completion = toChatCompletion(answer, request.model, nowSeconds());
    return convertedAnswer(completion);
  },

  streamParser(request: AdaptorRequest): StreamParser {
    return cohereStreamParser(streamOptionsOf(request));
  },

  parseError: parseCohereError,
});
