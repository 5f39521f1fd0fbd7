import { describe, expect, it } from 'vitest';
import type { PostForText } from '../adaptor.js';
import { cachedBaiduToken, ensureBaiduToken, forgetBaiduToken } from './token.js';

/** A fake /oauth/2.0/token endpoint that counts its exchanges. */
function fakeTokenEndpoint(answer: object, status = 200) {
  const urls: string[] = [];
  const post: PostForText = (url) => {
    urls.push(url);
    return Promise.resolve({ status, body: JSON.stringify(answer) });
  };
  return { urls, post };
}

describe('Baidu access token (reference providers.md 7.1)', () => {
  it('exchanges the key once for two requests, on the channel host, and caches the token', async () => {
    const fake = fakeTokenEndpoint({ access_token: '24.abc', expires_in: 2592000 });
    expect(await ensureBaiduToken('http://fake.test', 'AK|SK', fake.post, 1_000)).toBeUndefined();
    expect(await ensureBaiduToken('http://fake.test', 'AK|SK', fake.post, 2_000)).toBeUndefined();
    expect(fake.urls).toEqual(['http://fake.test/oauth/2.0/token?grant_type=client_credentials&client_id=AK&client_secret=SK']);
    expect(cachedBaiduToken('http://fake.test', 'AK|SK', 2_000)).toBe('24.abc');
  });

  it('renews a token with less than an hour left, and after Baidu called it invalid', async () => {
    const fake = fakeTokenEndpoint({ access_token: '24.short', expires_in: 7200 });
    await ensureBaiduToken('http://renew.test', 'AK|SK', fake.post, 0);
    await ensureBaiduToken('http://renew.test', 'AK|SK', fake.post, 3_601_000);
    forgetBaiduToken('http://renew.test', 'AK|SK');
    await ensureBaiduToken('http://renew.test', 'AK|SK', fake.post, 3_602_000);
    expect(fake.urls).toHaveLength(3);
  });

  it('reports a refused exchange or a malformed key as an auth failure', async () => {
    const fake = fakeTokenEndpoint({ error: 'invalid_client', error_description: 'unknown client id' }, 401);
    expect(await ensureBaiduToken('http://bad.test', 'AK|SK', fake.post)).toEqual({
      status: 401,
      error: { message: 'Baidu refused the access token exchange (HTTP 401): invalid_client: unknown client id', type: 'authentication_error', code: 'invalid_api_key' },
    });
    expect((await ensureBaiduToken('http://bad.test', 'no-secret', fake.post))?.status).toBe(401);
  });
});
