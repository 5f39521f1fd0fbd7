import { nowSeconds } from '../../lib/random.js';
import { randomUUID } from 'node:crypto';
import type { Adaptor, AdaptorRequest, BuiltRequest, ParsedAnswer, StreamParser, UpstreamRefusal, UpstreamTarget } from '../adaptor.js';
import { parsedAnswer, readJson } from '../adaptor-json.js';
import { toChatCompletion } from '../anthropic/response.js';
import { structuredOutputSchema } from '../anthropic/structured-output.js';
import type { AnthropicResponse } from '../anthropic/wire-types.js';
import { convertedAnswer, embeddingAnswer } from '../converted-answer.js';
import { wantsUsage } from '../openai-chunks.js';
import { bedrockClaudeNative } from './claude-native.js';
import { bedrockClaudeStreamParser, toBedrockClaudeRequest } from './claude.js';
import { toConverseRequest } from './converse-request.js';
import { toConverseCompletion, type ConverseAnswer } from './converse-response.js';
import { converseStreamParser } from './converse-stream.js';
import { credentialsOf } from './credentials.js';
import { invokeEmbeddings } from './embed-exchange.js';
import { embedCalls, embedFamily, toEmbeddingList, type EmbedAnswer } from './embeddings.js';
import { invokeBedrock } from './exchange.js';
import { toLlamaRequest } from './llama-request.js';
import { toLlamaCompletion, type LlamaAnswer } from './llama-response.js';
import { llamaStreamParser } from './llama-stream.js';
import { bedrockModelId, modelFamily } from './model-ids.js';
import { withStreamExceptions } from './stream.js';
import { refusedOnBedrock } from './refused-parameters.js';
import { parseBedrockError } from './upstream-error.js';
import { defaultBaseUrl, invokeUrl } from './upstream-url.js';

/**
 * AWS Bedrock (channel type 33), signed with SigV4 from the channel's access key (with a session token for
 * temporary credentials) or called with a Bedrock API key as a bearer token (credentials.ts). Claude and
 * Llama 3 go through InvokeModel and InvokeModelWithResponseStream (as one-api), every other model through
 * Converse and ConverseStream, and embeddings of Titan and Cohere Embed models through InvokeModel. Claude
 * speaks Anthropic's Messages format and reuses the Anthropic adaptor's conversions; Llama 3 takes a
 * rendered prompt. Streams arrive as binary event frames, re-framed as NDJSON by the exchange.
 * Docs: https://docs.aws.amazon.com/bedrock/latest/APIReference/API_runtime_InvokeModel.html,
 * https://docs.aws.amazon.com/bedrock/latest/APIReference/API_runtime_Converse.html
 */
const missingCredentials: UpstreamRefusal = {
  status: 401,
  error: { message: 'the AWS channel key must be AK|SK|Region, AK|SK|Region|SessionToken or APIKey|Region (a Bedrock API key)', type: 'authentication_error', code: 'invalid_api_key' },
};

const clientHeader = (request: AdaptorRequest, name: string): string | undefined => {
  const value = request.clientHeaders?.[name];
  return Array.isArray(value) ? value.join(',') : value;
};

const familyOf = (request: AdaptorRequest) => modelFamily(bedrockModelId(request.model));

function convertedBody(request: AdaptorRequest): unknown {
  const body = readJson(request.body);
  const family = familyOf(request);
  if (family === 'claude') return toBedrockClaudeRequest(body, clientHeader(request, 'anthropic-beta'));
  return family === 'llama3' ? toLlamaRequest(body) : toConverseRequest(body);
}

export const bedrockAdaptor: Adaptor = {
  modes: ['chat', 'embeddings'],
  // Anthropic clients' requests for Claude models pass through in Anthropic's Bedrock body.
  native: { anthropic: bedrockClaudeNative },
  // Bedrock takes images as bytes (Claude's URL source may be refused, reference 5.3; Converse has none).
  inlineImages: true,
  refuses: refusedOnBedrock,

  /** A channel without credentials can never succeed: refused as an auth failure, like a bad key. */
  prepare(target: UpstreamTarget): Promise<UpstreamRefusal | undefined> {
    return Promise.resolve(credentialsOf(target) ? undefined : missingCredentials);
  },

  /** For embeddings, the body is the list of InvokeModel bodies the exchange sends (embeddings.ts). */
  buildRequest(request: AdaptorRequest): BuiltRequest {
    const region = credentialsOf(request.target)?.region ?? '';
    const base = request.target.baseUrl || defaultBaseUrl(region);
    const modelId = bedrockModelId(request.model);
    if (request.mode === 'embeddings') {
      const calls = embedCalls(readJson(request.body), embedFamily(modelId));
      return { url: invokeUrl(base, modelId, false), headers: { 'content-type': 'application/json', accept: 'application/json' }, body: Buffer.from(JSON.stringify(calls)) };
    }
    const api = familyOf(request) === 'converse' ? 'converse' : 'invoke';
    return {
      url: invokeUrl(base, modelId, request.stream, api),
      headers: {
        'content-type': 'application/json',
        accept: request.stream ? 'application/vnd.amazon.eventstream' : 'application/json',
      },
      body: Buffer.from(JSON.stringify(convertedBody(request))),
    };
  },

  async exchange(built, request, io) {
    const credentials = credentialsOf(request.target);
    if (!credentials) throw new Error('AWS credentials vanished between prepare and exchange');
    return request.mode === 'embeddings' ? invokeEmbeddings(built, request, io, credentials) : invokeBedrock(built, request, io, credentials);
  },

  parseAnswer(request: AdaptorRequest, body: Buffer, contentType: string): ParsedAnswer {
    const answer = parsedAnswer<unknown>(body);
    if (answer === undefined) return { body, contentType, text: '' };
    if (request.mode === 'embeddings') return embeddingAnswer(toEmbeddingList(answer as EmbedAnswer[], request.model, readJson(request.body).encoding_format));
    const family = familyOf(request);
    if (family !== 'claude') {
      const id = `chatcmpl-${randomUUID()}`;
      const { completion, usage, text } = family === 'llama3' ? toLlamaCompletion(answer as LlamaAnswer, request.model, nowSeconds(), id) : toConverseCompletion(answer as ConverseAnswer, request.model, nowSeconds(), id);
      return convertedAnswer(completion, { usage, text });
    }
    const message = answer as AnthropicResponse;
    if (!Array.isArray(message.content)) return { body, contentType, text: '' };
    const structured = structuredOutputSchema(readJson(request.body)) !== undefined;
    const completion = toChatCompletion({ ...message, model: message.model || request.model }, nowSeconds(), structured);
    return convertedAnswer(completion);
  },

  streamParser(request: AdaptorRequest): StreamParser {
    const body = readJson(request.body);
    const options = { model: request.model, created: nowSeconds(), includeUsage: wantsUsage(body) };
    const family = familyOf(request);
    if (family === 'claude') return withStreamExceptions(bedrockClaudeStreamParser({ ...options, structured: structuredOutputSchema(body) !== undefined }));
    const withId = { ...options, id: `chatcmpl-${randomUUID()}` };
    return withStreamExceptions(family === 'llama3' ? llamaStreamParser(withId) : converseStreamParser(withId));
  },

  parseError: parseBedrockError,
};
