import { channelType } from '@tollgate/contract';
import { describe, expect, it } from 'vitest';
import { canonicalRequest } from '../../../test/canonical-request.js';
import type { AdaptorRequest } from '../adaptor.js';
import { sparkAdaptorAt } from './adaptor.js';
import { sparkAuthorization, sparkSignature } from './signed-url.js';

const DATE = 'Fri, 05 May 2023 10:43:39 GMT';
const SECRET = 'MjlmNzkzNmZkMDQ2OTc0ZDdmNGE2ZTZi';
const adaptor = sparkAdaptorAt(() => new Date(DATE));

const request = (model: string, key = `APPID|${SECRET}|APIKEY_EXAMPLE`, other = ''): AdaptorRequest => ({
  target: { type: channelType(18)!, key, baseUrl: '', other, config: {}, settings: {} },
  mode: 'chat',
  path: '/v1/chat/completions',
  model,
  stream: false,
  body: Buffer.from(JSON.stringify(canonicalRequest(model))),
  contentType: 'application/json',
});

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

  it('serves chat only', () => {
    expect(adaptor.modes).toEqual(['chat']);
  });
});
