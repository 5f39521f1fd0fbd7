import type { LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Role } from '@tollgate/contract';
import { databaseKinds } from '../../../test/databases.js';
import { FakeJsonServer } from '../../../test/fake-json-server.js';
import { nextCookie, oauthCallback } from '../../../test/oauth-setup.js';
import { buildTestApp, loginRoot, NO_RATE_LIMITS, type TestApp } from '../../../test/test-app.js';
import { addUser, TEST_PASSWORD } from '../../../test/users.js';
import { totpCodeAt } from './totp.js';

interface Answer<T = unknown> {
  success: boolean;
  message: string;
  data: T;
  field?: string;
}

const STEP_MS = 30_000;

describe.each(databaseKinds)('two-factor sign-in on %s', (kind) => {
  let t: TestApp;
  // The clock is ours: each code is computed for a moment we choose, and the server reads the same Date.now().
  let now = Date.UTC(2026, 10, 29, 9, 0, 0);
  const tick = (ms: number) => {
    now += ms;
    vi.setSystemTime(now);
  };
  const github = new FakeJsonServer()
    .on('POST', '/login/oauth/access_token', () => ({ access_token: 'gho_x', token_type: 'bearer', scope: 'user:email' }))
    .on('GET', '/api/v3/user', () => ({ login: 'tf-octo', name: 'Octo', email: null }));

  beforeAll(async () => {
    t = await buildTestApp(kind, NO_RATE_LIMITS);
    vi.useFakeTimers({ toFake: ['Date'], now });
    const url = await github.start();
    for (const [key, value] of Object.entries({ GitHubBaseUrl: url, GitHubApiBaseUrl: `${url}/api/v3`, GitHubClientId: 'id', GitHubClientSecret: 's', GitHubOAuthEnabled: 'true' })) {
      await t.ctx.options.set(key, value);
    }
  });
  afterAll(async () => {
    vi.useRealTimers();
    await t.close();
    await github.close();
  });
  afterEach(() => t.ctx.options.set('TwoFactorRequiredForAdmins', 'false'));

  const send = (method: 'GET' | 'POST' | 'DELETE', url: string, cookie = '', payload?: object) =>
    t.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });
  const call = async <T = unknown>(method: 'GET' | 'POST' | 'DELETE', url: string, cookie = '', payload?: object) => (await send(method, url, cookie, payload)).json<Answer<T>>();
  const passwordStep = (username: string) => send('POST', '/api/user/login', '', { username, password: TEST_PASSWORD });
  const signedIn = async (username: string) => nextCookie(await passwordStep(username));
  const storedRow = (userId: number) => t.ctx.db.selectFrom('user_two_factor').selectAll().where('user_id', '=', userId).executeTakeFirst();

  /** Enrols a user through the routes; answers the secret and the recovery codes. */
  async function enrol(cookie: string): Promise<{ secret: string; codes: string[] }> {
    const setup = await call<{ secret: string }>('POST', '/api/user/2fa/setup', cookie);
    const enabled = await call<{ recovery_codes: string[] }>('POST', '/api/user/2fa/enable', cookie, { code: totpCodeAt(setup.data.secret, now) });
    expect(enabled.success).toBe(true);
    return { secret: setup.data.secret, codes: enabled.data.recovery_codes };
  }

  /** The two steps with a code of the next step (the enrolment used this one). */
  async function signInWithCode(username: string, secret: string): Promise<string> {
    tick(STEP_MS);
    const first = await passwordStep(username);
    const second = await send('POST', '/api/user/login/2fa', nextCookie(first), { code: totpCodeAt(secret, now) });
    expect(second.json()).toMatchObject({ success: true, data: { username } });
    return nextCookie(second, nextCookie(first));
  }

  it('enrols with a QR code drawn on the server and a code, then answers ten recovery codes once', async () => {
    const user = await addUser(t, 'tf-enrol');
    const cookie = await signedIn('tf-enrol');
    expect((await call('GET', '/api/user/2fa/status', cookie)).data).toEqual({ enabled: false, enabled_at: 0, recovery_codes_left: 0, required: false });

    const setup = await call<{ secret: string; uri: string; qr_code: string }>('POST', '/api/user/2fa/setup', cookie);
    expect(setup.data.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.data.uri).toMatch(/^otpauth:\/\/totp\/.*tf-enrol\?.*secret=[A-Z2-7]+.*period=30/);
    expect(setup.data.qr_code).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(setup.data.qr_code.split(',')[1] ?? '', 'base64').toString()).toContain('<svg');
    // Stored sealed: the database alone does not hold the secret.
    expect((await storedRow(user.id))?.secret).not.toContain(setup.data.secret);

    expect(await call('POST', '/api/user/2fa/enable', cookie, { code: totpCodeAt(setup.data.secret, now - 5 * STEP_MS) })).toMatchObject({ success: false, message: expect.stringMatching(/wrong/) });
    const enabled = await call<{ recovery_codes: string[] }>('POST', '/api/user/2fa/enable', cookie, { code: totpCodeAt(setup.data.secret, now) });
    expect(enabled.data.recovery_codes).toHaveLength(10);
    expect(new Set(enabled.data.recovery_codes).size).toBe(10);
    for (const code of enabled.data.recovery_codes) expect(code).toMatch(/^[a-z0-9]{5}-[a-z0-9]{5}$/);
    expect(JSON.stringify(await storedRow(user.id))).not.toContain(enabled.data.recovery_codes[0]);

    expect((await call('GET', '/api/user/2fa/status', cookie)).data).toEqual({ enabled: true, enabled_at: Math.floor(now / 1000), recovery_codes_left: 10, required: false });
    expect(await call('POST', '/api/user/2fa/setup', cookie)).toMatchObject({ success: false, message: expect.stringMatching(/already on/) });
    expect(await call('POST', '/api/user/2fa/enable', cookie, { code: totpCodeAt(setup.data.secret, now) })).toMatchObject({ success: false });
  });

  it('answers setups sent at once (two tabs, a double click) and keeps the secret of the one answered last', async () => {
    const user = await addUser(t, 'tf-twice');
    const cookie = await signedIn('tf-twice');
    const setups = await Promise.all(Array.from({ length: 6 }, () => call<{ secret: string }>('POST', '/api/user/2fa/setup', cookie)));
    for (const setup of setups) expect(setup.success).toBe(true);
    expect(await t.ctx.db.selectFrom('user_two_factor').select('user_id').where('user_id', '=', user.id).execute()).toHaveLength(1);
    // One of the secrets shown is the one kept: its code confirms the enrolment.
    const confirmed = await Promise.all(setups.map(async (setup) => (await call('POST', '/api/user/2fa/enable', cookie, { code: totpCodeAt(setup.data.secret, now) })).success));
    expect(confirmed.filter(Boolean)).toHaveLength(1);
  });

  it('asks for the code after the password, with no session until it is given, and refuses a replayed or expired code', async () => {
    await addUser(t, 'tf-login');
    const { secret } = await enrol(await signedIn('tf-login'));

    const first = await passwordStep('tf-login');
    expect(first.json()).toEqual({ success: true, message: expect.any(String), data: { require_2fa: true, methods: ['totp'] } });
    const pending = nextCookie(first);
    expect((await send('GET', '/api/user/self', pending)).statusCode).toBe(401);

    // The code that confirmed the enrolment, in the same step: a replay.
    expect(await call('POST', '/api/user/login/2fa', pending, { code: totpCodeAt(secret, now) })).toMatchObject({ success: false, message: expect.stringMatching(/already used/) });
    expect(await call('POST', '/api/user/login/2fa', pending, { code: totpCodeAt(secret, now - 3 * STEP_MS) })).toMatchObject({ success: false });
    // No first step on this browser: nothing to complete.
    expect(await call('POST', '/api/user/login/2fa', '', { code: totpCodeAt(secret, now + STEP_MS) })).toMatchObject({ success: false, message: expect.stringMatching(/no sign-in is waiting/) });

    tick(STEP_MS);
    const second = await send('POST', '/api/user/login/2fa', pending, { code: totpCodeAt(secret, now) });
    expect(second.json()).toMatchObject({ success: true, data: { username: 'tf-login' } });
    const session = nextCookie(second);
    expect(await call('GET', '/api/user/self', session)).toMatchObject({ success: true, data: { username: 'tf-login' } });
    // The same code again, even after a new password step: refused.
    expect(await call('POST', '/api/user/login/2fa', nextCookie(await passwordStep('tf-login')), { code: totpCodeAt(secret, now) })).toMatchObject({ success: false });
  });

  it('lets the second step wait five minutes, not more', async () => {
    await addUser(t, 'tf-slow');
    const { secret } = await enrol(await signedIn('tf-slow'));
    const pending = nextCookie(await passwordStep('tf-slow'));
    tick(301_000);
    expect(await call('POST', '/api/user/login/2fa', pending, { code: totpCodeAt(secret, now) })).toMatchObject({ success: false, message: expect.stringMatching(/expired/) });
  });

  it('takes each recovery code once, in either field, in any case', async () => {
    const user = await addUser(t, 'tf-recover');
    const { codes } = await enrol(await signedIn('tf-recover'));
    const [firstCode = '', secondCode = ''] = codes;
    const viaRecovery = await call('POST', '/api/user/login/2fa', nextCookie(await passwordStep('tf-recover')), { recovery_code: firstCode.toUpperCase() });
    expect(viaRecovery).toMatchObject({ success: true, data: { id: user.id } });
    expect(await call('POST', '/api/user/login/2fa', nextCookie(await passwordStep('tf-recover')), { recovery_code: firstCode })).toMatchObject({ success: false, message: expect.stringMatching(/recovery code/) });
    // new-api's console sends a recovery code in `code`.
    expect(await call('POST', '/api/user/login/2fa', nextCookie(await passwordStep('tf-recover')), { code: secondCode.replace('-', '') })).toMatchObject({ success: true });
    expect((await call('GET', '/api/user/2fa/status', await signInWithCodeFromRecovery(codes[2] ?? ''))).data).toMatchObject({ recovery_codes_left: 7 });
  });

  async function signInWithCodeFromRecovery(code: string): Promise<string> {
    const first = await passwordStep('tf-recover');
    const second = await send('POST', '/api/user/login/2fa', nextCookie(first), { recovery_code: code });
    return nextCookie(second);
  }

  it('gives new recovery codes for a code (the old ones stop working) and turns off only with a code', async () => {
    await addUser(t, 'tf-off');
    const { secret, codes } = await enrol(await signedIn('tf-off'));
    const session = await signInWithCode('tf-off', secret);

    expect(await call('POST', '/api/user/2fa/backup_codes', session, { code: totpCodeAt(secret, now - 4 * STEP_MS) })).toMatchObject({ success: false });
    tick(STEP_MS);
    const fresh = await call<{ recovery_codes: string[] }>('POST', '/api/user/2fa/backup_codes', session, { code: totpCodeAt(secret, now) });
    expect(fresh.data.recovery_codes).toHaveLength(10);
    expect(await call('POST', '/api/user/login/2fa', nextCookie(await passwordStep('tf-off')), { recovery_code: codes[0] })).toMatchObject({ success: false });

    expect(await call('POST', '/api/user/2fa/disable', session, { recovery_code: codes[1] })).toMatchObject({ success: false });
    expect(await call('POST', '/api/user/2fa/disable', session, { recovery_code: fresh.data.recovery_codes[0] })).toMatchObject({ success: true });
    expect((await call('GET', '/api/user/2fa/status', session)).data).toMatchObject({ enabled: false });
    // Back to one-api's one-step sign-in.
    expect((await passwordStep('tf-off')).json()).toMatchObject({ success: true, data: { username: 'tf-off', role: Role.Common } });
  });

  it('asks a GitHub sign-in of an account with TOTP for the code too', async () => {
    const user = await addUser(t, 'tf-gh', { github_id: 'tf-octo' });
    const { secret } = await enrol(await signedIn('tf-gh'));
    const { answer, cookie } = await oauthCallback(t, 'github', 'any');
    expect(answer).toMatchObject({ success: true, data: { require_2fa: true } });
    expect((await send('GET', '/api/user/self', cookie)).statusCode).toBe(401);
    tick(STEP_MS);
    expect(await call('POST', '/api/user/login/2fa', cookie, { code: totpCodeAt(secret, now) })).toMatchObject({ success: true, data: { id: user.id } });
  });

  it('with TwoFactorRequiredForAdmins on, leads an administrator to enrolment and refuses the rest until then', async () => {
    await addUser(t, 'tf-admin', { role: Role.Admin });
    await addUser(t, 'tf-common');
    const root = await loginRoot(t.app);
    expect(await call('PUT' as 'POST', '/api/option/', root, { key: 'TwoFactorRequiredForAdmins', value: 'maybe' })).toMatchObject({ success: false });
    expect(await call('PUT' as 'POST', '/api/option/', root, { key: 'TwoFactorRequiredForAdmins', value: 'true' })).toMatchObject({ success: true });

    const login = await passwordStep('tf-admin');
    expect(login.json()).toMatchObject({ success: true, data: { username: 'tf-admin', require_2fa_setup: true } });
    const admin = nextCookie(login);
    expect(await call('GET', '/api/channel/', admin)).toMatchObject({ success: false, message: expect.stringMatching(/must turn on two-factor/) });
    expect(await call('GET', '/api/user/self', admin)).toMatchObject({ success: true });
    expect(await call('GET', '/api/user/2fa/status', admin)).toMatchObject({ data: { enabled: false, required: true } });
    // An ordinary user is not concerned.
    expect((await passwordStep('tf-common')).json().data.require_2fa_setup).toBeUndefined();

    await enrol(admin);
    expect(await call('GET', '/api/channel/', admin)).toMatchObject({ success: true });
  });

  it('lets an administrator turn off the two-factor sign-in of a user of lower role, not of a peer', async () => {
    const user = await addUser(t, 'tf-lost');
    await enrol(await signedIn('tf-lost'));
    const peer = await addUser(t, 'tf-peer', { role: Role.Admin });
    await addUser(t, 'tf-helper', { role: Role.Admin });
    const helper = await signedIn('tf-helper');
    expect(await call('DELETE', `/api/user/${peer.id}/2fa`, helper)).toMatchObject({ success: false, message: expect.stringMatching(/no permission/) });
    const refused = await send('DELETE', '/api/user/abc/2fa', helper);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ success: false, field: 'id' });
    expect(await call('DELETE', `/api/user/${user.id}/2fa`, helper)).toMatchObject({ success: true });
    expect(await storedRow(user.id)).toBeUndefined();
    expect((await passwordStep('tf-lost')).json()).toMatchObject({ success: true, data: { username: 'tf-lost' } });
  });

  it('removes the two-factor row with the user', async () => {
    const user = await addUser(t, 'tf-gone');
    await enrol(await signedIn('tf-gone'));
    expect(await storedRow(user.id)).toBeDefined();
    expect(await call('DELETE', `/api/user/${user.id}`, await loginRoot(t.app))).toMatchObject({ success: true });
    expect(await storedRow(user.id)).toBeUndefined();
  });

  it.each([
    ['/api/user/2fa/enable', {}, 'code'],
    ['/api/user/2fa/enable', { code: '12345' }, 'code'],
    ['/api/user/2fa/enable', { code: 123456 }, 'code'],
    ['/api/user/2fa/backup_codes', { code: 'abcdef' }, 'code'],
    ['/api/user/2fa/disable', {}, 'code'],
    ['/api/user/2fa/disable', { code: '1234567' }, 'code'],
    ['/api/user/2fa/disable', { recovery_code: 'short' }, 'recovery_code'],
    ['/api/user/login/2fa', { recovery_code: 42 }, 'recovery_code'],
    ['/api/user/login/2fa', { code: '' }, 'code'],
  ])('refuses %s %j with a 400 naming %s', async (url, payload, field) => {
    if (!(await t.ctx.db.selectFrom('users').select('id').where('username', '=', 'tf-plain').executeTakeFirst())) await addUser(t, 'tf-plain');
    const cookie = nextCookie(await passwordStep('tf-plain'));
    const response: LightMyRequestResponse = await send('POST', url, cookie, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, field });
  });
});

describe('two-factor sign-in rate limits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp('sqlite', { CRITICAL_RATE_LIMIT: '2', GLOBAL_API_RATE_LIMIT: '0' });
  });
  afterAll(() => t.close());

  it('counts the second step against the sign-in limit of the address', async () => {
    const call = () => t.app.inject({ method: 'POST', url: '/api/user/login/2fa', payload: { code: '123456' }, remoteAddress: '10.1.0.1' });
    expect((await call()).statusCode).toBe(200);
    expect((await call()).statusCode).toBe(200);
    expect((await call()).statusCode).toBe(429);
  });

  it('limits the wrong codes sent for one waiting account, from however many addresses', async () => {
    await addUser(t, 'tf-target');
    let address = 0;
    const from = () => `10.2.0.${(address += 1)}`;
    const cookie = nextCookie(await t.app.inject({ method: 'POST', url: '/api/user/login', payload: { username: 'tf-target', password: TEST_PASSWORD }, remoteAddress: from() }));
    await t.app.inject({ method: 'POST', url: '/api/user/2fa/setup', headers: { cookie }, remoteAddress: from() });
    const setup = await t.ctx.db.selectFrom('user_two_factor').selectAll().executeTakeFirstOrThrow();
    await t.ctx.db.updateTable('user_two_factor').set({ enabled: 1, recovery_codes: '[]' }).where('user_id', '=', setup.user_id).execute();
    const pending = nextCookie(await t.app.inject({ method: 'POST', url: '/api/user/login', payload: { username: 'tf-target', password: TEST_PASSWORD }, remoteAddress: from() }));
    const guess = () => t.app.inject({ method: 'POST', url: '/api/user/login/2fa', headers: { cookie: pending }, payload: { code: '000000' }, remoteAddress: from() });
    for (let attempt = 0; attempt < 10; attempt += 1) expect((await guess()).statusCode).toBe(200);
    expect((await guess()).statusCode).toBe(429);
  });
});
