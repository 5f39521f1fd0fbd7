import { nowSeconds } from '../../lib/random.js';
import type { Adaptor, AdaptorRequest, BuiltRequest, ParsedAnswer, StreamParser } from '../adaptor.js';
import { jsonHeaders, parsedAnswer, readJson } from '../adaptor-json.js';
import type { ChatParameter } from '../chat-parameters.js';
import { convertedAnswer } from '../converted-answer.js';
import { streamOptionsOf } from '../openai-chunks.js';
import { withSerialToolCalls } from '../serial-tool-calls.js';
import { toBatchEmbedRequest, toEmbeddingList } from './embeddings.js';
import { geminiNative } from './native-endpoint.js';
import { searchLeftOut, toGeminiRequest } from './request.js';
import { toChatCompletion } from './response.js';
import { geminiStreamParser } from './stream.js';
import { parseGeminiError } from './upstream-error.js';
import { geminiUrl } from './upstream-url.js';
import type { GeminiResponse } from './wire-types.js';

/**
 * Google's Gemini API (channel type 24): OpenAI chat and embedding requests converted to generateContent,
 * streamGenerateContent (SSE) and batchEmbedContents, answers converted back to OpenAI's shapes.
 * Docs: https://ai.google.dev/api/generate-content, https://ai.google.dev/api/embeddings,
 * https://ai.google.dev/gemini-api/docs/troubleshooting
 */
/** What Gemini's conversion cannot carry (Vertex's Gemini models share it): nothing it refuses today. */
export const GEMINI_REFUSES: readonly ChatParameter[] = [];

export const geminiAdaptor: Adaptor = withSerialToolCalls({
  modes: ['chat', 'embeddings'],
  // n is candidateCount and logprobs responseLogprobs; one call per turn is emulated.
  refuses: GEMINI_REFUSES,
  inlineImages: true,
  // Reasoning settings (the hub's `thinking`, top_k) become generationConfig; thoughts come back as reasoning_content.
  hubExtensions: true,
  leftOut: searchLeftOut,
  native: { gemini: geminiNative },

  buildRequest(request: AdaptorRequest): BuiltRequest {
    const body = readJson(request.body);
    const converted = request.mode === 'embeddings' ? toBatchEmbedRequest(body, request.model) : toGeminiRequest(body, request.target.settings.GEMINI_SAFETY_SETTING);
    const headers: Record<string, string> = {
      ...jsonHeaders(request.stream),
      'x-goog-api-key': request.target.key,
    };
    return { url: geminiUrl(request.target, request.mode, request.model, request.stream), headers, body: Buffer.from(JSON.stringify(converted)) };
  },

  parseAnswer(request: AdaptorRequest, body: Buffer, contentType: string): ParsedAnswer {
    const answer = parsedAnswer<GeminiResponse & { embeddings?: { values?: number[] }[] }>(body);
    if (answer === undefined) return { body, contentType, text: '' };
    if (request.mode === 'embeddings') return { body: Buffer.from(JSON.stringify(toEmbeddingList(answer, request.model, readJson(request.body).encoding_format))), contentType: 'application/json', text: '' };
    const completion = toChatCompletion(answer, request.model, nowSeconds());
    return convertedAnswer(completion);
  },

  streamParser(request: AdaptorRequest): StreamParser {
    return geminiStreamParser(streamOptionsOf(request));
  },

  parseError: parseGeminiError,
});
