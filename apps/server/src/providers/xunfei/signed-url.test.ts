import { describe, expect, it } from 'vitest';
import { signedSparkUrl, sparkAuthorization, sparkCredentials, sparkSignature } from './signed-url.js';

/** The verified vector of reference providers.md 9.1 (the iFlytek doc's secret, a made-up API key). */
const SECRET = 'MjlmNzkzNmZkMDQ2OTc0ZDdmNGE2ZTZi';
const DATE = 'Fri, 05 May 2023 10:43:39 GMT';
const SIGNATURE = 'z5gHdu3pxVV4ADMyk467wOWDQ9q6BQzR3nfMTjc/DaQ=';
const AUTHORIZATION =
  'YXBpX2tleT0iQVBJS0VZX0VYQU1QTEUiLCBhbGdvcml0aG09ImhtYWMtc2hhMjU2IiwgaGVhZGVycz0iaG9zdCBkYXRlIHJlcXVlc3QtbGluZSIsIHNpZ25hdHVyZT0iejVnSGR1M3B4VlY0QURNeWs0Njd3T1dEUTlxNkJRelIzbmZNVGpjL0RhUT0i';

describe('Spark URL signing (reference providers.md 9.1)', () => {
  it('signs the vector exactly', () => {
    const signature = sparkSignature(SECRET, 'spark-api.xf-yun.com', DATE, '/v1.1/chat');
    expect(signature).toBe(SIGNATURE);
    // The doc prints the digest's first bytes: cf 98 07 76 ed e9 c5 55 78 00 33 32 93 8e bb.
    expect(Buffer.from(signature, 'base64').subarray(0, 15).toString('hex')).toBe('cf980776ede9c55578003332938ebb');
    expect(sparkAuthorization('APIKEY_EXAMPLE', signature)).toBe(AUTHORIZATION);
  });

  it('builds the wss URL with authorization, date and host in the query', () => {
    const url = new URL(signedSparkUrl('wss://spark-api.xf-yun.com', '/v1.1/chat', { apiSecret: SECRET, apiKey: 'APIKEY_EXAMPLE' }, new Date(DATE)));
    expect(`${url.protocol}//${url.host}${url.pathname}`).toBe('wss://spark-api.xf-yun.com/v1.1/chat');
    expect(Object.fromEntries(url.searchParams)).toEqual({ authorization: AUTHORIZATION, date: DATE, host: 'spark-api.xf-yun.com' });
  });

  it('signs a channel base URL with its port, turning http(s) into ws(s)', () => {
    const url = new URL(signedSparkUrl('http://127.0.0.1:8123', '/v3.5/chat', { apiSecret: SECRET, apiKey: 'k' }, new Date(DATE)));
    expect(url.protocol).toBe('ws:');
    expect(url.searchParams.get('host')).toBe('127.0.0.1:8123');
    const origin = Buffer.from(url.searchParams.get('authorization') ?? '', 'base64').toString('utf8');
    expect(origin).toBe(`api_key="k", algorithm="hmac-sha256", headers="host date request-line", signature="${sparkSignature(SECRET, '127.0.0.1:8123', DATE, '/v3.5/chat')}"`);
  });

  it('reads the APPID|APISecret|APIKey key and refuses other shapes', () => {
    expect(sparkCredentials('app|secret|key')).toEqual({ appId: 'app', apiSecret: 'secret', apiKey: 'key' });
    expect(sparkCredentials('app|secret')).toBeUndefined();
    expect(sparkCredentials('')).toBeUndefined();
  });
});
