import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role } from '@tollgate/contract';
import { databaseKinds } from '../../../test/databases.js';
import { nextCookie } from '../../../test/oauth-setup.js';
import { SoftwareAuthenticator } from '../../../test/software-authenticator.js';
import { buildTestApp, loginRoot, NO_RATE_LIMITS, type TestApp } from '../../../test/test-app.js';
import { addUser, TEST_PASSWORD } from '../../../test/users.js';

/** WebAuthn options as the routes answer them (the fields the tests read). */
interface CeremonyOptions {
  challenge: string;
  rp: { id?: string };
  user: { id: string; name?: string };
  rpId?: string;
  allowCredentials?: { id: string }[];
  excludeCredentials?: unknown[];
  userVerification?: string;
}

interface Answer<T = CeremonyOptions> {
  success: boolean;
  message: string;
  data: T;
  field?: string;
}

// The request's Host stands in for the relying party when neither ServerAddress nor WEBAUTHN_* is set.
const HOST = 'tollgate.test:3961';
const ORIGIN = `http://${HOST}`;

describe.each(databaseKinds)('passkeys on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind, NO_RATE_LIMITS);
  });
  afterAll(() => t.close());

  const send = (method: 'GET' | 'POST' | 'PUT', url: string, cookie = '', payload?: object) =>
    t.app.inject({ method, url, headers: { host: HOST, ...(cookie ? { cookie } : {}) }, ...(payload ? { payload } : {}) });
  const call = async <T = CeremonyOptions>(method: 'GET' | 'POST' | 'PUT', url: string, cookie = '', payload?: object) => (await send(method, url, cookie, payload)).json<Answer<T>>();
  const passwordStep = (username: string) => send('POST', '/api/user/login', '', { username, password: TEST_PASSWORD });
  const signedIn = async (username: string) => nextCookie(await passwordStep(username));

  /** Adds a passkey through the routes (the password as proof: the account has no second factor yet). */
  async function register(cookie: string, device: SoftwareAuthenticator, proof: object = { password: TEST_PASSWORD }, name = 'Laptop') {
    const options = await call('POST', '/api/user/passkeys/registration/options', cookie, proof);
    expect(options).toMatchObject({ success: true });
    return call('POST', '/api/user/passkeys/registration', cookie, { name, credential: device.create(options.data) });
  }

  /** A passkey assertion as a proof, answered to a fresh proof challenge. */
  async function passkeyProof(cookie: string, device: SoftwareAuthenticator) {
    const options = await call('POST', '/api/user/passkeys/proof/options', cookie);
    return { passkey: device.get(options.data) };
  }

  async function passwordless(device: SoftwareAuthenticator, overrides = {}) {
    const options = await call('POST', '/api/user/login/passkey/options');
    expect(options.data.allowCredentials).toEqual([]);
    expect(options.data.userVerification).toBe('required');
    return send('POST', '/api/user/login/passkey', '', { credential: device.get(options.data, undefined, overrides) });
  }

  it('adds, lists, renames and removes a passkey, each change behind a fresh proof', async () => {
    await addUser(t, 'pk-owner');
    const cookie = await signedIn('pk-owner');
    const device = new SoftwareAuthenticator(ORIGIN, 'tollgate.test');
    expect(await call('POST', '/api/user/passkeys/registration/options', cookie, { password: 'wrong-password' })).toMatchObject({ success: false, message: expect.stringMatching(/confirmation is wrong/) });
    const missing = await send('POST', '/api/user/passkeys/registration/options', cookie, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ field: 'password' });

    const options = await call('POST', '/api/user/passkeys/registration/options', cookie, { password: TEST_PASSWORD });
    expect(options.data).toMatchObject({ rp: { id: 'tollgate.test' }, user: { name: 'pk-owner' }, excludeCredentials: [], authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' } });
    const added = await call('POST', '/api/user/passkeys/registration', cookie, { name: 'Laptop', credential: device.create(options.data) });
    expect(added).toMatchObject({ success: true, data: { name: 'Laptop', backed_up: true, transports: ['internal'] } });
    // The same answer again: its challenge is spent.
    expect(await call('POST', '/api/user/passkeys/registration', cookie, { name: 'Again', credential: device.create(options.data) })).toMatchObject({ success: false, message: expect.stringMatching(/could not be verified/) });

    // Now the account has a second factor: the password no longer proves anything, a passkey does.
    expect(await call('POST', '/api/user/passkeys/registration/options', cookie, { password: TEST_PASSWORD })).toMatchObject({ success: false, message: expect.stringMatching(/not the password/) });
    const second = await call('POST', '/api/user/passkeys/registration/options', cookie, await passkeyProof(cookie, device));
    expect(second.data.excludeCredentials).toEqual([{ id: device.credentials[0]?.id, transports: ['internal'], type: 'public-key' }]);
    const phone = new SoftwareAuthenticator(ORIGIN, 'tollgate.test');
    expect(await call('POST', '/api/user/passkeys/registration', cookie, { name: 'Phone', credential: phone.create(second.data) })).toMatchObject({ success: true });

    const listed = await call<{ id: number; name: string; created_at: number; last_used_at: number }[]>('GET', '/api/user/passkeys', cookie);
    expect(listed.data.map((item) => item.name)).toEqual(['Laptop', 'Phone']);
    expect(listed.data[0]?.last_used_at).toBeGreaterThan(0);
    expect(JSON.stringify(listed.data)).not.toMatch(/public_key|credential_id/);
    const [laptop, phoneKey] = listed.data;

    expect(await call('PUT', `/api/user/passkeys/${laptop?.id}`, cookie, { name: 'Work laptop' })).toMatchObject({ success: true });
    expect((await send('PUT', `/api/user/passkeys/${laptop?.id}`, cookie, { name: '' })).json()).toMatchObject({ field: 'name' });
    // Someone else's passkey is not found, whoever asks.
    await addUser(t, 'pk-stranger');
    expect(await call('PUT', `/api/user/passkeys/${laptop?.id}`, await signedIn('pk-stranger'), { name: 'Mine' })).toMatchObject({ success: false, message: expect.stringMatching(/no such passkey/) });

    // Removing: a stolen session alone cannot; the passkey being removed may prove it.
    expect((await send('POST', `/api/user/passkeys/${phoneKey?.id}/delete`, cookie, {})).statusCode).toBe(400);
    expect(await call('POST', `/api/user/passkeys/${phoneKey?.id}/delete`, cookie, await passkeyProof(cookie, phone))).toMatchObject({ success: true });
    expect((await call<{ name: string }[]>('GET', '/api/user/passkeys', cookie)).data.map((item) => item.name)).toEqual(['Work laptop']);
    expect((await send('POST', '/api/user/passkeys/abc/delete', cookie, {})).json()).toMatchObject({ success: false, field: 'id' });
  });

  it('signs in without a password, answering as the password sign-in does; refuses a disabled user, a stranger and a replay', async () => {
    const user = await addUser(t, 'pk-free');
    const device = new SoftwareAuthenticator(ORIGIN, 'tollgate.test');
    await register(await signedIn('pk-free'), device);

    const answer = await passwordless(device);
    expect(answer.json()).toEqual({ success: true, message: 'login successful', data: { id: user.id, username: 'pk-free', display_name: 'pk-free', role: Role.Common, status: 1 } });
    expect(await call('GET', '/api/user/self', nextCookie(answer))).toMatchObject({ success: true, data: { username: 'pk-free' } });

    // An answer sent twice: the challenge was spent the first time.
    const options = await call('POST', '/api/user/login/passkey/options');
    const credential = device.get(options.data);
    expect((await send('POST', '/api/user/login/passkey', '', { credential })).json()).toMatchObject({ success: true });
    expect((await send('POST', '/api/user/login/passkey', '', { credential: { ...credential } })).json()).toMatchObject({ success: false, message: expect.stringMatching(/could not be verified/) });

    // A passkey this server does not know, and one whose user check was skipped.
    const stranger = new SoftwareAuthenticator(ORIGIN, 'tollgate.test');
    stranger.create({ challenge: 'never-asked', rp: { id: 'tollgate.test' }, user: { id: 'c29tZW9uZQ' } });
    expect((await passwordless(stranger)).json()).toMatchObject({ success: false, message: expect.stringMatching(/not registered here/) });
    expect((await passwordless(device, { noUserVerification: true })).json()).toMatchObject({ success: false });

    await t.ctx.db.updateTable('users').set({ status: 2 }).where('id', '=', user.id).execute();
    expect((await passwordless(device)).json()).toMatchObject({ success: false, message: expect.stringMatching(/banned/) });
  });

  it('refuses an answer made for another origin or another RP ID, and a counter that went backwards (a clone)', async () => {
    await addUser(t, 'pk-strict');
    const device = new SoftwareAuthenticator(ORIGIN, 'tollgate.test');
    await register(await signedIn('pk-strict'), device);
    expect((await passwordless(device, { origin: 'https://phish.example' })).json()).toMatchObject({ success: false, message: expect.stringMatching(/could not be verified/) });
    expect((await passwordless(device, { rpId: 'phish.example' })).json()).toMatchObject({ success: false, message: expect.stringMatching(/could not be verified/) });

    expect((await passwordless(device, { counter: 10 })).json()).toMatchObject({ success: true });
    expect((await passwordless(device, { counter: 10 })).json()).toMatchObject({ success: false, message: expect.stringMatching(/copied/) });
    expect((await passwordless(device, { counter: 3 })).json()).toMatchObject({ success: false, message: expect.stringMatching(/copied/) });
    expect((await passwordless(device, { counter: 11 })).json()).toMatchObject({ success: true });
  });

  it('asks a passkey after the password, accepts only the waiting account’s, and counts it for TwoFactorRequiredForAdmins', async () => {
    const admin = await addUser(t, 'pk-admin', { role: Role.Admin });
    await addUser(t, 'pk-other');
    const device = new SoftwareAuthenticator(ORIGIN, 'tollgate.test');
    const other = new SoftwareAuthenticator(ORIGIN, 'tollgate.test');
    await register(await signedIn('pk-admin'), device);
    await register(await signedIn('pk-other'), other);

    const first = await passwordStep('pk-admin');
    expect(first.json()).toMatchObject({ success: true, data: { require_2fa: true, methods: ['passkey'] } });
    const pending = nextCookie(first);
    expect((await send('GET', '/api/user/self', pending)).statusCode).toBe(401);
    expect((await call('POST', '/api/user/login/2fa/passkey/options')).message).toMatch(/no sign-in is waiting/);

    // Another account's passkey, signing this account's challenge: refused.
    const stolen = await call('POST', '/api/user/login/2fa/passkey/options', pending);
    expect(stolen.data.allowCredentials).toEqual([expect.objectContaining({ id: device.credentials[0]?.id })]);
    expect(await call('POST', '/api/user/login/2fa/passkey', pending, { credential: other.get({ ...stolen.data, allowCredentials: [] }) })).toMatchObject({ success: false, message: expect.stringMatching(/does not belong/) });

    const options = await call('POST', '/api/user/login/2fa/passkey/options', pending);
    const second = await send('POST', '/api/user/login/2fa/passkey', pending, { credential: device.get(options.data) });
    expect(second.json()).toMatchObject({ success: true, data: { id: admin.id, username: 'pk-admin' } });
    expect(second.json().data.require_2fa_setup).toBeUndefined();

    await t.ctx.options.set('TwoFactorRequiredForAdmins', 'true');
    try {
      expect(await call('GET', '/api/channel/', nextCookie(second))).toMatchObject({ success: true });
      expect(await call('GET', '/api/user/2fa/status', nextCookie(second))).toMatchObject({ data: { enabled: false, required: false } });
    } finally {
      await t.ctx.options.set('TwoFactorRequiredForAdmins', 'false');
    }
  });

  it('lets an administrator who must enrol add a passkey, which ends the refusals', async () => {
    await addUser(t, 'pk-forced', { role: Role.Admin });
    await t.ctx.options.set('TwoFactorRequiredForAdmins', 'true');
    try {
      const login = await passwordStep('pk-forced');
      expect(login.json()).toMatchObject({ data: { require_2fa_setup: true } });
      const cookie = nextCookie(login);
      expect(await call('GET', '/api/channel/', cookie)).toMatchObject({ success: false, message: expect.stringMatching(/must turn on two-factor/) });
      expect(await register(cookie, new SoftwareAuthenticator(ORIGIN, 'tollgate.test'))).toMatchObject({ success: true });
      expect(await call('GET', '/api/channel/', cookie)).toMatchObject({ success: true });
    } finally {
      await t.ctx.options.set('TwoFactorRequiredForAdmins', 'false');
    }
  });

  it('goes with the administrator’s two-factor reset and with the user', async () => {
    const user = await addUser(t, 'pk-lost');
    await register(await signedIn('pk-lost'), new SoftwareAuthenticator(ORIGIN, 'tollgate.test'));
    const root = await loginRoot(t.app);
    const reset = await t.app.inject({ method: 'DELETE', url: `/api/user/${user.id}/2fa`, headers: { cookie: root } });
    expect(reset.json()).toMatchObject({ success: true, data: { passkeys_removed: 1 } });
    expect(await t.ctx.db.selectFrom('passkeys').select('id').where('user_id', '=', user.id).execute()).toEqual([]);
    expect((await passwordStep('pk-lost')).json()).toMatchObject({ success: true, data: { username: 'pk-lost' } });

    const gone = await addUser(t, 'pk-gone');
    await register(await signedIn('pk-gone'), new SoftwareAuthenticator(ORIGIN, 'tollgate.test'));
    await t.app.inject({ method: 'DELETE', url: `/api/user/${gone.id}`, headers: { cookie: root } });
    expect(await t.ctx.db.selectFrom('passkeys').select('id').where('user_id', '=', gone.id).execute()).toEqual([]);
  });

  it.each([
    ['/api/user/login/passkey', { credential: 'nope' }, 'credential'],
    ['/api/user/login/passkey', {}, 'credential'],
    ['/api/user/login/passkey', { credential: { id: 'a', rawId: 'a', type: 'public-key', response: { clientDataJSON: 'a+b', authenticatorData: 'a', signature: 'a' } } }, 'credential.response.clientDataJSON'],
    ['/api/user/login/2fa/passkey', { credential: { id: 'a', rawId: 'a', type: 'other', response: {} } }, 'credential.type'],
  ])('refuses %s %j with a 400 naming %s', async (url, payload, field) => {
    const response = await send('POST', url, '', payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, field });
  });
});

describe('passkey sign-in rate limits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp('sqlite', { CRITICAL_RATE_LIMIT: '2', GLOBAL_API_RATE_LIMIT: '0' });
  });
  afterAll(() => t.close());

  it('counts passwordless sign-ins against the sign-in limit of the address', async () => {
    const call = () => t.app.inject({ method: 'POST', url: '/api/user/login/passkey', payload: {}, remoteAddress: '10.3.0.1' });
    expect((await call()).statusCode).toBe(400);
    expect((await call()).statusCode).toBe(400);
    expect((await call()).statusCode).toBe(429);
    const options = () => t.app.inject({ method: 'POST', url: '/api/user/login/passkey/options', remoteAddress: '10.3.0.2' });
    expect((await options()).statusCode).toBe(200);
    expect((await options()).statusCode).toBe(200);
    expect((await options()).statusCode).toBe(429);
  });

  it('limits the passkey answers sent for one waiting account, from however many addresses', async () => {
    await addUser(t, 'pk-target');
    let address = 0;
    const from = () => `10.4.0.${(address += 1)}`;
    const inject = (url: string, cookie: string, payload?: object) => t.app.inject({ method: 'POST', url, headers: { host: HOST, cookie }, remoteAddress: from(), ...(payload ? { payload } : {}) });
    const signIn = async () => nextCookie(await inject('/api/user/login', '', { username: 'pk-target', password: TEST_PASSWORD }));
    const session = await signIn();
    const device = new SoftwareAuthenticator(ORIGIN, 'tollgate.test');
    const options = (await inject('/api/user/passkeys/registration/options', session, { password: TEST_PASSWORD })).json<Answer>();
    expect((await inject('/api/user/passkeys/registration', session, { credential: device.create(options.data) })).json()).toMatchObject({ success: true });

    const pending = await signIn();
    const challenge = (await inject('/api/user/login/2fa/passkey/options', pending)).json<Answer>();
    const forged = { ...device.get(challenge.data), response: { ...device.get(challenge.data).response, signature: 'AAAA' } };
    for (let attempt = 0; attempt < 10; attempt += 1) expect((await inject('/api/user/login/2fa/passkey', pending, { credential: forged })).statusCode).toBe(200);
    expect((await inject('/api/user/login/2fa/passkey', pending, { credential: forged })).statusCode).toBe(429);
  });
});

describe('passkeys behind ServerAddress and WEBAUTHN_*', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp('sqlite', { ...NO_RATE_LIMITS, WEBAUTHN_RP_ID: 'example.com', WEBAUTHN_ORIGINS: 'https://console.example.com, https://example.com:443/' });
  });
  afterAll(() => t.close());

  it('makes passkeys for the configured RP ID and accepts answers from the configured origins only', async () => {
    await addUser(t, 'pk-proxy');
    const login = await t.app.inject({ method: 'POST', url: '/api/user/login', payload: { username: 'pk-proxy', password: TEST_PASSWORD } });
    const cookie = nextCookie(login);
    const ask = (url: string, payload?: object) => t.app.inject({ method: 'POST', url, headers: { cookie }, ...(payload ? { payload } : {}) });
    const options = (await ask('/api/user/passkeys/registration/options', { password: TEST_PASSWORD })).json<Answer>();
    expect(options.data.rp.id).toBe('example.com');
    const device = new SoftwareAuthenticator('https://console.example.com', 'example.com');
    expect((await ask('/api/user/passkeys/registration', { credential: device.create(options.data) })).json()).toMatchObject({ success: true, data: { name: 'Passkey' } });
    const signIn = async (origin: string) => {
      const request = (await ask('/api/user/login/passkey/options')).json<Answer>();
      return (await ask('/api/user/login/passkey', { credential: device.get(request.data, undefined, { origin }) })).json<Answer>();
    };
    expect(await signIn('https://example.com')).toMatchObject({ success: true });
    expect(await signIn('http://localhost:80')).toMatchObject({ success: false });
  });
});
