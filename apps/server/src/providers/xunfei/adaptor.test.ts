import { channelType } from '@tollgate/contract';
import { describe, expect, it } from 'vitest';
import { adaptorRequest, upstreamTarget } from '../../../test/adaptor-request.js';
import { canonicalRequest, PNG_1X1 } from '../../../test/canonical-request.js';
import type { AdaptorRequest } from '../adaptor.js';
import { refusedParameter } from '../chat-parameters.js';
import type { JsonObject } from '../openai/request-body.js';
import { sparkAdaptorAt } from './adaptor.js';
import { sparkAuthorization, sparkSignature } from './signed-url.js';

const DATE = 'Fri, 05 May 2023 10:43:39 GMT';
const SECRET = 'MjlmNzkzNmZkMDQ2OTc0ZDdmNGE2ZTZi';
const adaptor = sparkAdaptorAt(() => new Date(DATE));

/** The canonical request without its image, which would send it to image understanding. */
const textOnly = (model: string) => ({ ...canonicalRequest(model), messages: [{ role: 'user', content: 'What is the weather in Paris?' }] });

const request = (model: string, key = `APPID|${SECRET}|APIKEY_EXAMPLE`, other = '', body: object = textOnly(model)): AdaptorRequest =>
  adaptorRequest(upstreamTarget({ type: channelType(18)!, key, other }), { model, body });

describe('Spark adaptor', () => {
  it('builds the signed URL of the model’s service at the given clock, and the request frame', () => {
    const built = adaptor.buildRequest(request('Spark-Lite'));
    const query = new URLSearchParams({ authorization: sparkAuthorization('APIKEY_EXAMPLE', sparkSignature(SECRET, 'spark-api.xf-yun.com', DATE, '/v1.1/chat')), date: DATE, host: 'spark-api.xf-yun.com' });
    expect(built.url).toBe(`wss://spark-api.xf-yun.com/v1.1/chat?${query.toString()}`);
    // The reference vector: the same secret, date, host and path sign to the documented value.
    expect(new URL(built.url).searchParams.get('authorization')).toBe(
      'YXBpX2tleT0iQVBJS0VZX0VYQU1QTEUiLCBhbGdvcml0aG09ImhtYWMtc2hhMjU2IiwgaGVhZGVycz0iaG9zdCBkYXRlIHJlcXVlc3QtbGluZSIsIHNpZ25hdHVyZT0iejVnSGR1M3B4VlY0QURNeWs0Njd3T1dEUTlxNkJRelIzbmZNVGpjL0RhUT0i',
    );
    expect(JSON.parse(built.body.toString('utf8'))).toMatchObject({ header: { app_id: 'APPID' }, parameter: { chat: { domain: 'lite' } } });
  });

  it('takes the api version from the channel (other, or config api_version) for a model name that does not tell it', () => {
    expect(new URL(adaptor.buildRequest(request('SparkDesk', undefined, 'v3.5')).url).pathname).toBe('/v3.5/chat');
    const inConfig = request('SparkDesk');
    inConfig.target.config = { api_version: 'v4.0' };
    expect(new URL(adaptor.buildRequest(inConfig).url).pathname).toBe('/v4.0/chat');
  });

  it('refuses a key that is not APPID|APISecret|APIKey like a bad key, before any connection', async () => {
    expect(await adaptor.prepare?.(request('Spark-Lite', 'just-a-key').target, () => Promise.reject(new Error('unused')))).toMatchObject({ status: 401, error: { type: 'authentication_error' } });
    expect(await adaptor.prepare?.(request('Spark-Lite').target, () => Promise.reject(new Error('unused')))).toBeUndefined();
  });

  it('sends a request with an image to image understanding, the image first, and refuses what it cannot take with it', () => {
    const { tools: _none, ...withImage } = canonicalRequest('Spark-Max');
    const built = adaptor.buildRequest(request('Spark-Max', undefined, '', withImage));
    const url = new URL(built.url);
    expect(`${url.origin}${url.pathname}`).toBe('wss://spark-api.cn-huabei-1.xf-yun.com/v2.1/image');
    expect(url.searchParams.get('host')).toBe('spark-api.cn-huabei-1.xf-yun.com');
    const frame = JSON.parse(built.body.toString('utf8')) as { parameter: { chat: { domain: string } }; payload: { message: { text: unknown[] }; functions?: unknown } };
    expect(frame.parameter.chat.domain).toBe('imagev3');
    expect(frame.payload.message.text).toEqual([
      { role: 'user', content: PNG_1X1, content_type: 'image' },
      { role: 'system', content: 'You are a concise assistant.', content_type: 'text' },
      { role: 'user', content: 'What is in this image? Also get the weather in Paris.', content_type: 'text' },
    ]);
    const refused = (body: JsonObject) => refusedParameter(adaptor.refuses, body, 'Spark-Max')?.name;
    expect(refused(withImage)).toBeUndefined();
    expect(refused(canonicalRequest('Spark-Max'))).toBe('tools with an image');
    expect(refused({ ...canonicalRequest('Spark-Max'), tool_choice: 'none' })).toBeUndefined();
    expect(refused(textOnly('Spark-Max'))).toBeUndefined();
  });

  it('serves chat only', () => {
    expect(adaptor.modes).toEqual(['chat']);
  });
});
