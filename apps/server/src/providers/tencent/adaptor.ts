import type { Adaptor, AdaptorRequest, BuiltRequest, ParsedAnswer, StreamParser, UpstreamRefusal } from '../adaptor.js';
import { readJson } from '../adaptor-json.js';
import { baseUrlOf } from '../base-url.js';
import { convertedAnswer, embeddingAnswer } from '../converted-answer.js';
import { wantsUsage } from '../openai-chunks.js';
import { withSerialToolCalls } from '../serial-tool-calls.js';
import { bufferedResponse } from '../upstream-response.js';
import { toEmbeddingList, toEmbeddingRequest } from './embeddings.js';
import { toHunyuanRequest } from './request.js';
import { toChatCompletion } from './response.js';
import { hunyuanStreamParser } from './stream.js';
import { signTc3 } from './tc3-signature.js';
import { hunyuanError, parseHunyuanError } from './upstream-error.js';
import type { HunyuanAnswer, HunyuanEmbeddings } from './wire-types.js';

/**
 * Tencent Hunyuan over Tencent Cloud API 3.0 (channel type 23; reference providers.md 11, one-api.md 2.3):
 * chat as the ChatCompletions action and embeddings as GetEmbedding, POSTed to `{base}/` and signed
 * TC3-HMAC-SHA256 with the `AppId|SecretId|SecretKey` key. The channel config's `region` is sent as
 * X-TC-Region when set. Errors come inside HTTP 200 bodies. The clock is a parameter so the signature
 * can be tested exactly.
 * Docs: https://cloud.tencent.com/document/api/1729/105701
 */
const VERSION = '2023-09-01';
const SERVICE = 'hunyuan';
const CONTENT_TYPE = 'application/json';

interface TencentCredentials {
  secretId: string;
  secretKey: string;
}

/** The key is `AppId|SecretId|SecretKey` as one-api stores it; the AppId is not needed to sign. */
function tencentCredentials(key: string): TencentCredentials | undefined {
  const [, secretId, secretKey] = key.split('|').map((part) => part.trim());
  return secretId && secretKey ? { secretId, secretKey } : undefined;
}

const MALFORMED_KEY: UpstreamRefusal = { status: 401, error: { message: 'the Tencent channel key must be AppId|SecretId|SecretKey', type: 'authentication_error', code: 'invalid_api_key' } };

/** The `Response` of a body, which holds the answer or its `Error`. */
function responseOf<T>(body: Buffer): T | undefined {
  try {
    return (JSON.parse(body.toString('utf8')) as { Response?: T }).Response;
  } catch {
    return undefined;
  }
}

export function tencentAdaptorAt(clock: () => Date): Adaptor {
  const nowSeconds = () => Math.floor(clock().getTime() / 1000);
  return withSerialToolCalls({
    modes: ['chat', 'embeddings'],
    // Hunyuan answers one choice and has no JSON mode, no `required` tool choice and no stop sequences
    // (one call per turn is emulated).
    refuses: ['n', 'logprobs', 'response_format json_object', 'response_format json_schema', 'tool_choice required', 'stop'],

    // A key that is not three parts is the channel's fault: refused like a bad key, so it is retried elsewhere.
    prepare: (target) => Promise.resolve(tencentCredentials(target.key) ? undefined : MALFORMED_KEY),

    buildRequest(request: AdaptorRequest): BuiltRequest {
      const { target } = request;
      const credentials = tencentCredentials(target.key) ?? { secretId: '', secretKey: '' };
      const embed = request.mode === 'embeddings';
      const action = embed ? 'GetEmbedding' : 'ChatCompletions';
      const json = readJson(request.body);
      const body = Buffer.from(JSON.stringify(embed ? toEmbeddingRequest(json) : toHunyuanRequest(json, request.model, request.stream)));
      const url = `${baseUrlOf(target)}/`;
      const timestamp = nowSeconds();
      const signed = signTc3({ ...credentials, service: SERVICE, host: new URL(url).host, contentType: CONTENT_TYPE, action, timestamp, body });
      const headers: Record<string, string> = {
        'content-type': CONTENT_TYPE,
        accept: request.stream ? 'text/event-stream' : CONTENT_TYPE,
        'accept-encoding': 'identity',
        authorization: signed.authorization,
        'x-tc-action': action,
        'x-tc-version': VERSION,
        'x-tc-timestamp': String(timestamp),
      };
      if (target.config.region) headers['x-tc-region'] = target.config.region;
      return { url, headers, body };
    },

    /**
     * The plain POST, except that a stream refused with an error in a 200 JSON body is answered with the
     * status its code stands for, as a non-stream refusal is by `answerError`.
     */
    async exchange(built, request, io) {
      const response = await io.send({ url: built.url, method: 'POST', headers: built.headers, body: built.body });
      if (!request.stream || response.statusCode !== 200 || !String(response.headers['content-type'] ?? '').includes('json')) return response;
      const text = await response.body.text();
      const refused = hunyuanError(text);
      if (!refused) return bufferedResponse(502, CONTENT_TYPE, Buffer.from(JSON.stringify({ error: { message: 'Hunyuan answered a stream request with a JSON body', type: 'upstream_error', code: 'bad_response' } })));
      return bufferedResponse(refused.status, CONTENT_TYPE, Buffer.from(JSON.stringify({ error: refused.error })));
    },

    parseAnswer(request: AdaptorRequest, body: Buffer, contentType: string): ParsedAnswer {
      if (request.mode === 'embeddings') {
        const answer = responseOf<HunyuanEmbeddings>(body);
        if (!answer) return { body, contentType, text: '' };
        return embeddingAnswer(toEmbeddingList(answer, request.model, readJson(request.body).encoding_format));
      }
      const answer = responseOf<HunyuanAnswer>(body);
      if (!answer) return { body, contentType, text: '' };
      const completion = toChatCompletion(answer, request.model, nowSeconds());
      return convertedAnswer(completion);
    },

    streamParser(request: AdaptorRequest): StreamParser {
      const includeUsage = wantsUsage(readJson(request.body));
      return hunyuanStreamParser({ model: request.model, created: nowSeconds(), includeUsage });
    },

    parseError: parseHunyuanError,

    answerError: (_request, body) => hunyuanError(body.toString('utf8')),
  });
}

export const tencentAdaptor: Adaptor = tencentAdaptorAt(() => new Date());
