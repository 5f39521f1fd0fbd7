import { jsonHeaders } from '../adaptor-json.js';
import type { Adaptor, AdaptorRequest, BuiltRequest, UpstreamRefusal, UpstreamTarget } from '../adaptor.js';
import { openAIAdaptor, openAIStreamParser } from '../openai/adaptor.js';
import { accountIdOf, cloudflareBase, cloudflareUrl, isGatewayBase } from './endpoints.js';
import { cloudflareAnswerError, parseCloudflareError } from './upstream-error.js';

/**
 * Cloudflare Workers AI (channel type 37). Workers AI serves OpenAI's chat and embeddings formats at
 * `/ai/v1/…` (reference providers.md 13, one-api.md 2.3), so requests and answers pass through as OpenAI
 * ones, byte for byte, and only the URL, the auth and the error envelope are Cloudflare's. Converting to
 * the native `/ai/run/{model}` would lose tool calls' ids and usage on older models for nothing.
 * Docs: https://developers.cloudflare.com/workers-ai/configuration/open-ai-compatibility/
 */
function missingAccount(target: UpstreamTarget): UpstreamRefusal | undefined {
  if (isGatewayBase(cloudflareBase(target)) || accountIdOf(target) !== '') return undefined;
  return {
    status: 500,
    error: { message: 'the Cloudflare channel has no account id: set it in the channel config (user_id)', type: 'upstream_error', code: 'channel_config_missing' },
  };
}

export const cloudflareAdaptor: Adaptor = {
  modes: ['chat', 'embeddings'],
  // Workers AI's OpenAI endpoint answers one choice and no token probabilities.
  refuses: ['n', 'logprobs'],

  prepare: (target) => Promise.resolve(missingAccount(target)),

  buildRequest(request: AdaptorRequest): BuiltRequest {
    const task = request.mode === 'embeddings' ? 'embeddings' : 'chat/completions';
    const headers: Record<string, string> = {
      ...jsonHeaders(request.stream),
      authorization: `Bearer ${request.target.key}`,
    };
    return { url: cloudflareUrl(request.target, task), headers, body: request.body };
  },

  parseAnswer: (request, body, contentType) => openAIAdaptor.parseAnswer(request, body, contentType),

  streamParser: () => openAIStreamParser(),

  parseError: parseCloudflareError,

  answerError: (_request, body) => cloudflareAnswerError(body),
};
