import { nowSeconds } from '../../lib/random.js';
import { embeddingAnswer } from '../converted-answer.js';
import type { Adaptor, AdaptorRequest, BuiltRequest, ParsedAnswer, StreamParser, UpstreamRefusal, UpstreamTarget } from '../adaptor.js';
import { jsonHeaders, parsedAnswer, readJson } from '../adaptor-json.js';
import { anthropicAdaptor, CLAUDE_REFUSES } from '../anthropic/adaptor.js';
import { anthropicStreamParser } from '../anthropic/stream.js';
import { structuredOutputSchema } from '../anthropic/structured-output.js';
import { geminiAdaptor, GEMINI_REFUSES } from '../gemini/adaptor.js';
import { searchLeftOut, toGeminiRequest } from '../gemini/request.js';
import { geminiStreamParser } from '../gemini/stream.js';
import { wantsUsage } from '../openai-chunks.js';
import { withSerialToolCalls } from '../serial-tool-calls.js';
import { cachedVertexToken, ensureVertexToken, forgetVertexToken } from './access-token.js';
import { credentialsOf, projectIdOf } from './channel-credentials.js';
import { toVertexClaudeRequest } from './claude-request.js';
import { toEmbeddingList, toPredictRequest, type PredictResponse } from './embeddings.js';
import { vertexClaudeNative } from './claude-native.js';
import { vertexGeminiNative } from './gemini-native.js';
import { parseVertexError } from './upstream-error.js';
import { publisherOf, vertexUrl } from './upstream-url.js';

/**
 * Google Vertex AI (channel type 42): Gemini models through generateContent, Claude models through
 * Anthropic's rawPredict, embeddings through predict, all with an OAuth access token exchanged from the
 * channel's service-account key. The conversions are the Gemini and Anthropic adaptors' own.
 * Docs: https://cloud.google.com/vertex-ai/generative-ai/docs/reference/rest,
 * https://cloud.google.com/vertex-ai/generative-ai/docs/partner-models/claude
 */
const configError = (message: string): UpstreamRefusal => ({ status: 401, error: { message, type: 'authentication_error', code: 'invalid_api_key' } });

/** The adaptor that reads the answer: Anthropic's for Claude models, Gemini's for Google's. */
const answerReader = (request: AdaptorRequest) => (publisherOf(request.model) === 'anthropic' ? anthropicAdaptor : geminiAdaptor);

function convertedBody(request: AdaptorRequest): unknown {
  const body = readJson(request.body);
  if (request.mode === 'embeddings') return toPredictRequest(body);
  if (publisherOf(request.model) === 'anthropic') return toVertexClaudeRequest(body, request.model);
  return toGeminiRequest(body, request.target.settings.GEMINI_SAFETY_SETTING);
}

export const vertexAdaptor: Adaptor = withSerialToolCalls({
  modes: ['chat', 'embeddings'],
  // Each model family refuses what its own adaptor refuses.
  refuses: (model) => (publisherOf(model) === 'anthropic' ? CLAUDE_REFUSES : GEMINI_REFUSES),
  // Gemini clients' requests for Google's models, and Anthropic clients' for Claude's, pass through unconverted.
  native: { gemini: vertexGeminiNative, anthropic: vertexClaudeNative },
  // Both conversions (Gemini's and Anthropic's) read the hub's thinking, cache breakpoints and top_k.
  hubExtensions: true,
  leftOut: (hub, model) => (publisherOf(model) === 'anthropic' ? [] : searchLeftOut(hub)),
  // Claude on Vertex takes only base64 images, and Gemini on Vertex reads only gs:// file URIs.
  inlineImages: true,

  /** A channel missing its key or project can never succeed: refused as an auth failure, like a bad key. */
  async prepare(target: UpstreamTarget): Promise<UpstreamRefusal | undefined> {
    const credentials = credentialsOf(target);
    if (!credentials) return configError('the Vertex AI channel has no service-account key JSON (vertex_ai_adc)');
    if (!projectIdOf(target)) return configError('the Vertex AI channel has no project id (vertex_ai_project_id)');
    return ensureVertexToken(credentials);
  },

  buildRequest(request: AdaptorRequest): BuiltRequest {
    const { target } = request;
    const headers: Record<string, string> = {
      ...jsonHeaders(request.stream),
      authorization: `Bearer ${cachedVertexToken(credentialsOf(target)) ?? ''}`,
    };
    const beta = request.clientHeaders?.['anthropic-beta'];
    if (beta && publisherOf(request.model) === 'anthropic') headers['anthropic-beta'] = Array.isArray(beta) ? beta.join(',') : beta;
    const url = vertexUrl(target, projectIdOf(target), request.mode, request.model, request.stream);
    return { url, headers, body: Buffer.from(JSON.stringify(convertedBody(request))) };
  },

  parseAnswer(request: AdaptorRequest, body: Buffer, contentType: string): ParsedAnswer {
    if (request.mode !== 'embeddings') return answerReader(request).parseAnswer(request, body, contentType);
    const answer = parsedAnswer<PredictResponse>(body);
    if (answer === undefined) return { body, contentType, text: '' };
    return embeddingAnswer(toEmbeddingList(answer, request.model, readJson(request.body).encoding_format));
  },

  streamParser(request: AdaptorRequest): StreamParser {
    const body = readJson(request.body);
    const options = { model: request.model, created: nowSeconds(), includeUsage: wantsUsage(body) };
    if (publisherOf(request.model) !== 'anthropic') return geminiStreamParser(options);
    return anthropicStreamParser({ ...options, structured: structuredOutputSchema(body) !== undefined });
  },

  parseError: parseVertexError,

  /** A 401 from a model call: the token is dropped, and the relay asks once more with a new one. */
  forgetCredentials: (target: UpstreamTarget) => forgetVertexToken(credentialsOf(target)),
});
