import { nowSeconds } from '../../lib/random.js';
import type { Adaptor, AdaptorRequest, BuiltRequest, ParsedAnswer, StreamParser } from '../adaptor.js';
import { parsedAnswer, readJson } from '../adaptor-json.js';
import { baseUrlOf } from '../base-url.js';
import { convertedAnswer, embeddingAnswer } from '../converted-answer.js';
import { streamOptionsOf } from '../openai-chunks.js';
import { withSerialToolCalls } from '../serial-tool-calls.js';
import { toEmbedRequest, toEmbeddingList } from './embeddings.js';
import { toOllamaRequest } from './request.js';
import { toChatCompletion } from './response.js';
import { ollamaStreamParser } from './stream.js';
import { parseOllamaError } from './upstream-error.js';
import type { OllamaChatResponse } from './wire-types.js';

/**
 * Ollama's native API (channel type 30): OpenAI chat and embedding requests converted to /api/chat and
 * /api/embed, answers and NDJSON streams converted back to OpenAI's shapes.
 * Docs: https://github.com/ollama/ollama/blob/main/docs/api.md
 */
export const ollamaAdaptor: Adaptor = withSerialToolCalls({
  modes: ['chat', 'embeddings'],
  // Ollama answers one choice and has no tool_choice to force a call (one call per turn is emulated).
  refuses: ['n', 'tool_choice required', 'tool_choice function'],
  inlineImages: true,

  buildRequest(request: AdaptorRequest): BuiltRequest {
    const { target } = request;
    const base = baseUrlOf(target);
    const body = readJson(request.body);
    const embed = request.mode === 'embeddings';
    const converted = embed ? toEmbedRequest(body, request.model) : toOllamaRequest(body, request.model, request.stream);
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      accept: request.stream ? 'application/x-ndjson' : 'application/json',
      'accept-encoding': 'identity',
    };
    // A local Ollama needs no key; Ollama Cloud and authenticating proxies take a bearer token.
    if (target.key) headers.authorization = `Bearer ${target.key}`;
    return { url: `${base}/api/${embed ? 'embed' : 'chat'}`, headers, body: Buffer.from(JSON.stringify(converted)) };
  },

  parseAnswer(request: AdaptorRequest, body: Buffer, contentType: string): ParsedAnswer {
    const answer = parsedAnswer<OllamaChatResponse & { embeddings?: number[][] }>(body);
    if (answer === undefined) return { body, contentType, text: '' };
    if (request.mode === 'embeddings') {
      return embeddingAnswer(toEmbeddingList(answer, request.model, readJson(request.body).encoding_format));
    }
    const completion = toChatCompletion(answer, request.model, nowSeconds());
    return convertedAnswer(completion);
  },

  streamParser(request: AdaptorRequest): StreamParser {
    return ollamaStreamParser(streamOptionsOf(request));
  },

  parseError: parseOllamaError,
});
