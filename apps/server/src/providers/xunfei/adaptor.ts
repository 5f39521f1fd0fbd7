import type { Adaptor, AdaptorRequest, BuiltRequest, ParsedAnswer, StreamParser, UpstreamRefusal, UpstreamTarget } from '../adaptor.js';
import { readJson } from '../adaptor-json.js';
import { baseUrlOf } from '../base-url.js';
import { convertedAnswer } from '../converted-answer.js';
import { wantsUsage } from '../openai-chunks.js';
import { IMAGE_DOMAIN, IMAGE_HOST, IMAGE_PATH, imageCount } from './image-request.js';
import { toSparkRequest } from './request.js';
import { toChatCompletion } from './response.js';
import { signedSparkUrl, sparkCredentials } from './signed-url.js';
import { sparkStreamParser } from './stream.js';
import { sparkService } from './versions.js';
import { sparkExchange } from './websocket-exchange.js';

/**
 * iFlytek Spark v1 over its websocket (channel type 18; reference providers.md 9, one-api.md 2.3): the
 * model name (or the channel's API version, in `other` or config `api_version`) chooses the service, the key
 * `APPID|APISecret|APIKey` signs the URL, and the answer frames come back as OpenAI chat. Chat only; a
 * request with an image goes to Spark's image understanding service (image-request.ts), on the channel's
 * base URL when it has one. The websocket goes through RELAY_PROXY like every upstream call. The clock is a
 * parameter so the signature can be tested exactly.
 * Docs: https://www.xfyun.cn/doc/spark/Web.html
 */
const MALFORMED_KEY: UpstreamRefusal = { status: 401, error: { message: 'the Spark channel key must be APPID|APISecret|APIKey', type: 'authentication_error', code: 'invalid_api_key' } };

/** The api version the channel names: `other` (one-api's column), or config `api_version` (its newer console). */
const channelVersion = (target: UpstreamTarget) => target.other || target.config.api_version || '';

const nowSeconds = (now: Date) => Math.floor(now.getTime() / 1000);

export function sparkAdaptorAt(clock: () => Date): Adaptor {
  return {
    modes: ['chat'],
    // Image understanding takes the image as base64 only.
    inlineImages: true,
    // One image per conversation, and no functions beside it: anything more is refused by name, not dropped.
    refuses: ['more than one image', 'tools with an image'],

    // A key that is not three parts is the channel's fault: refused like a bad key, so it is retried elsewhere.
    prepare: (target) => Promise.resolve(sparkCredentials(target.key) ? undefined : MALFORMED_KEY),

    buildRequest(request: AdaptorRequest): BuiltRequest {
      const credentials = sparkCredentials(request.target.key) ?? { appId: '', apiSecret: '', apiKey: '' };
      const body = readJson(request.body);
      if (imageCount(body) > 0) {
        const frame = toSparkRequest(body, credentials.appId, IMAGE_DOMAIN, true);
        const base = request.target.baseUrl.replace(/\/+$/, '') || IMAGE_HOST;
        return { url: signedSparkUrl(base, IMAGE_PATH, credentials, clock()), headers: {}, body: Buffer.from(JSON.stringify(frame)) };
      }
      const service = sparkService(request.model, channelVersion(request.target));
      const frame = toSparkRequest(body, credentials.appId, service.domain);
      return { url: signedSparkUrl(baseUrlOf(request.target), service.path, credentials, clock()), headers: {}, body: Buffer.from(JSON.stringify(frame)) };
    },

    exchange: (built, request, io) => sparkExchange(built, request.stream, io),

    parseAnswer(request: AdaptorRequest, body: Buffer): ParsedAnswer {
      const completion = toChatCompletion(body.toString('utf8'), request.model, nowSeconds(clock()));
      return convertedAnswer(completion);
    },

    streamParser(request: AdaptorRequest): StreamParser {
      const includeUsage = wantsUsage(readJson(request.body));
      return sparkStreamParser({ model: request.model, created: nowSeconds(clock()), includeUsage });
    },
  };
}

export const sparkAdaptor: Adaptor = sparkAdaptorAt(() => new Date());
