import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';
import { signedInUser } from '../../../test/users.js';

/** Every third-party sign-in route counts against the critical (sign-in) limit of the caller's address. */
describe('the critical rate limit on the OAuth endpoints', () => {
  let t: TestApp;
  let cookie = '';
  beforeAll(async () => {
    t = await buildTestApp('sqlite', { CRITICAL_RATE_LIMIT: '2', GLOBAL_API_RATE_LIMIT: '0' });
    cookie = (await signedInUser(t, 'limited')).cookie;
  });
  afterAll(() => t.close());

  it.each([
    ['/api/oauth/state', '10.0.1.1'],
    ['/api/oauth/github?code=x&state=y', '10.0.1.2'],
    ['/api/oauth/lark?code=x&state=y', '10.0.1.3'],
    ['/api/oauth/oidc?code=x&state=y', '10.0.1.4'],
    ['/api/oauth/wechat?code=x', '10.0.1.5'],
    ['/api/oauth/wechat/bind?code=x', '10.0.1.6'],
  ])('answers 429 to the third GET %s from one address', async (url, remoteAddress) => {
    // Each case calls from an address of its own, so the cases do not share a counter.
    const call = () => t.app.inject({ method: 'GET', url, headers: { cookie }, remoteAddress });
    expect((await call()).statusCode).not.toBe(429);
    expect((await call()).statusCode).not.toBe(429);
    expect((await call()).statusCode).toBe(429);
  });
});
