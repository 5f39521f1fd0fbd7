import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';
import { signedInUser } from '../../../test/users.js';

/** Every mail-sending and code-checking endpoint counts against the critical (sign-in) limit of the caller's address. */
describe('the critical rate limit on the email endpoints', () => {
  let t: TestApp;
  let cookie = '';
  beforeAll(async () => {
    t = await buildTestApp('sqlite', { CRITICAL_RATE_LIMIT: '2', GLOBAL_API_RATE_LIMIT: '0' });
    cookie = (await signedInUser(t, 'limited')).cookie;
  });
  afterAll(() => t.close());

  it.each([
    ['GET', '/api/verification?email=a%40example.com', '10.0.0.1'],
    ['GET', '/api/reset_password?email=a%40example.com', '10.0.0.2'],
    ['POST', '/api/user/reset', '10.0.0.3'],
    ['GET', '/api/oauth/email/bind?email=a%40example.com&code=x', '10.0.0.4'],
  ] as const)('answers 429 to the third %s %s from one address', async (method, url, remoteAddress) => {
    // Each case calls from an address of its own, so the cases do not share a counter.
    const call = () => t.app.inject({ method, url, payload: method === 'POST' ? {} : undefined, headers: { cookie }, remoteAddress });
    expect((await call()).statusCode).toBe(200);
    expect((await call()).statusCode).toBe(200);
    expect((await call()).statusCode).toBe(429);
  });
});
