import type { BuiltRequest, NativeEndpoint } from '../adaptor.js';
import { clientHeader, isCountTokens } from '../anthropic/native-endpoint.js';
import type { JsonObject } from '../openai/request-body.js';
import { BEDROCK_ANTHROPIC_VERSION } from './claude.js';
import { credentialsOf } from './credentials.js';
import { bedrockModelId, modelFamily } from './model-ids.js';
import { defaultBaseUrl, invokeUrl } from './upstream-url.js';

/**
 * Anthropic clients' requests passed through to Claude on Bedrock (reference providers.md 5.3): the
 * client's body without `model` (in the URL) and `stream` (the operation decides), with Bedrock's API
 * version and the client's beta flags in the body, as Anthropic's Bedrock SDK sends them; signed by the
 * AWS adaptor's exchange, whose stream comes re-framed as NDJSON. count_tokens goes to Bedrock's
 * CountTokens with the same body wrapped. Only Claude models take it.
 * Docs: https://docs.aws.amazon.com/bedrock/latest/userguide/model-parameters-anthropic-claude-messages.html,
 * https://docs.aws.amazon.com/bedrock/latest/APIReference/API_runtime_CountTokens.html
 */
function bedrockBody(raw: Buffer, beta: string | undefined): JsonObject {
  const { model: _inUrl, stream: _byOperation, ...rest } = JSON.parse(raw.toString('utf8') || '{}') as JsonObject;
  const flags = (beta ?? '')
    .split(',')
    .map((flag) => flag.trim())
    .filter(Boolean);
  return { anthropic_version: BEDROCK_ANTHROPIC_VERSION, ...rest, ...(flags.length > 0 && rest.anthropic_beta === undefined ? { anthropic_beta: flags } : {}) };
}

export const bedrockClaudeNative: NativeEndpoint = {
  serves: (model) => modelFamily(bedrockModelId(model)) === 'claude',
  framing: 'ndjson',
  buildRequest(request): BuiltRequest {
    const region = credentialsOf(request.target)?.region ?? '';
    const base = request.target.baseUrl || defaultBaseUrl(region);
    const modelId = bedrockModelId(request.model);
    const body = bedrockBody(request.body, clientHeader(request, 'anthropic-beta'));
    const headers = { 'content-type': 'application/json', accept: request.stream ? 'application/vnd.amazon.eventstream' : 'application/json' };
    if (isCountTokens(request)) {
      const invoke = Buffer.from(JSON.stringify({ ...body, max_tokens: typeof body.max_tokens === 'number' ? body.max_tokens : 1 })).toString('base64');
      return { url: `${base.replace(/\/+$/, '')}/model/${encodeURIComponent(modelId)}/count-tokens`, headers, body: Buffer.from(JSON.stringify({ input: { invokeModel: { body: invoke } } })) };
    }
    return { url: invokeUrl(base, modelId, request.stream), headers, body: Buffer.from(JSON.stringify(body)) };
  },
};
