import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from '../../../test/databases.js';
import { FakeHttp } from '../../../test/fake-http.js';
import { buildTestApp, sessionCookie, type TestApp } from '../../../test/test-app.js';
import { TURNSTILE_REQUIRED } from './turnstile.js';

describe.each(databaseKinds)('Turnstile checks on %s', (kind) => {
  let t: TestApp;
  const siteverify = new FakeHttp();
  beforeAll(async () => {
    const url = await siteverify.start();
    t = await buildTestApp(kind, { CRITICAL_RATE_LIMIT: '0', GLOBAL_API_RATE_LIMIT: '0', TURNSTILE_VERIFY_URL: url });
    await t.ctx.options.set('TurnstileSiteKey', 'site-key');
    await t.ctx.options.set('TurnstileSecretKey', 'secret-key');
    await t.ctx.options.set('TurnstileCheckEnabled', 'true');
  });
  afterAll(async () => {
    await t.close();
    await siteverify.close();
  });

  const registerWith = (turnstile: string, username: string, cookie?: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/user/register?turnstile=${turnstile}`,
      payload: { username, password: 'password123', password2: 'password123' },
      headers: cookie ? { cookie } : {},
    });

  it('refuses a request without a token, without asking Cloudflare', async () => {
    const before = siteverify.received.length;
    expect((await registerWith('', 'ts-none')).json()).toMatchObject({ success: false, message: TURNSTILE_REQUIRED });
    expect(siteverify.received.length).toBe(before);
  });

  it('refuses a token the verify endpoint rejects', async () => {
    siteverify.reply = { success: false, 'error-codes': ['invalid-input-response'] };
    expect((await registerWith('bad-token', 'ts-bad')).json()).toMatchObject({ success: false, message: TURNSTILE_REQUIRED });
    expect(new URLSearchParams(siteverify.received.at(-1))).toMatchObject(new URLSearchParams({ secret: 'secret-key', response: 'bad-token', remoteip: '127.0.0.1' }));
  });

  it('accepts a good token and remembers the pass in the session', async () => {
    siteverify.reply = { success: true };
    const first = await registerWith('good-token', 'ts-good');
    expect(first.json()).toMatchObject({ success: true });
    const cookie = sessionCookie(first);
    siteverify.reply = { success: false };
    const calls = siteverify.received.length;
    expect((await registerWith('', 'ts-again', cookie)).json()).toMatchObject({ success: true });
    expect(siteverify.received.length).toBe(calls);
  });

  it('also guards the verification and reset mail endpoints', async () => {
    for (const url of ['/api/verification?email=a%40example.com', '/api/reset_password?email=a%40example.com']) {
      expect((await t.app.inject({ method: 'GET', url })).json()).toMatchObject({ success: false, message: TURNSTILE_REQUIRED });
    }
  });
});
