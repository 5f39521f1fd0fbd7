import { nowSeconds } from '../../lib/random.js';
import type { Adaptor, AdaptorRequest, BuiltRequest, ParsedAnswer, StreamParser } from '../adaptor.js';
import { jsonHeaders, parsedAnswer, readJson } from '../adaptor-json.js';
import { baseUrlOf } from '../base-url.js';
import type { ChatParameter } from '../chat-parameters.js';
import { convertedAnswer } from '../converted-answer.js';
import { wantsUsage } from '../openai-chunks.js';
import { anthropicNative } from './native-endpoint.js';
import { toAnthropicRequest } from './request.js';
import { toChatCompletion } from './response.js';
import { anthropicStreamParser } from './stream.js';
import { structuredOutputSchema } from './structured-output.js';
import { parseAnthropicError } from './upstream-error.js';
import type { AnthropicResponse } from './wire-types.js';

/**
 * Anthropic's Messages API (channel type 14): OpenAI chat requests converted to /v1/messages, answers and
 * named SSE events converted back to OpenAI's shapes.
 * Docs: https://docs.anthropic.com/en/api/messages, https://docs.anthropic.com/en/api/messages-streaming,
 * https://docs.anthropic.com/en/api/errors
 */
const DEFAULT_VERSION = '2023-06-01';

const clientHeader = (request: AdaptorRequest, name: string): string | undefined => {
  const value = request.clientHeaders?.[name];
  return Array.isArray(value) ? value[0] : value;
};

/** What Anthropic's conversion cannot carry (Claude on Vertex shares it). */
export const CLAUDE_REFUSES: readonly ChatParameter[] = ['n', 'logprobs'];

export const anthropicAdaptor: Adaptor = {
  modes: ['chat'],
  // Anthropic answers one choice and reports no token probabilities.
  refuses: CLAUDE_REFUSES,
  // Anthropic clients' requests pass through unconverted; converted ones keep thinking and cache breakpoints.
  native: { anthropic: anthropicNative },
  hubExtensions: true,

  buildRequest(request: AdaptorRequest): BuiltRequest {
    const { target } = request;
    const base = baseUrlOf(target);
    const headers: Record<string, string> = {
      ...jsonHeaders(request.stream),
      'x-api-key': target.key,
      'anthropic-version': clientHeader(request, 'anthropic-version') ?? DEFAULT_VERSION,
    };
    const beta = clientHeader(request, 'anthropic-beta');
    if (beta) headers['anthropic-beta'] = beta;
    return { url: `${base}/v1/messages`, headers, body: Buffer.from(JSON.stringify(toAnthropicRequest(readJson(request.body), request.model, { structuredOutput: true }))) };
  },

  parseAnswer(request: AdaptorRequest, body: Buffer, contentType: string): ParsedAnswer {
    const message = parsedAnswer<AnthropicResponse>(body);
    if (message === undefined) return { body, contentType, text: '' };
    if (!Array.isArray(message.content)) return { body, contentType, text: '' };
    const completion = toChatCompletion(message, nowSeconds(), structuredOutputSchema(readJson(request.body)) !== undefined);
    return convertedAnswer(completion);
  },

  streamParser(request: AdaptorRequest): StreamParser {
    const body = readJson(request.body);
    const includeUsage = wantsUsage(body);
    return anthropicStreamParser({ model: request.model, created: nowSeconds(), includeUsage, structured: structuredOutputSchema(body) !== undefined });
  },

  parseError: parseAnthropicError,
};
