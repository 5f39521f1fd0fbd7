import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { UserStatus } from '@tollgate/contract';
import { databaseKinds } from '../../../test/databases.js';
import { FakeJsonServer, type FakeRequest } from '../../../test/fake-json-server.js';
import { oauthCallback } from '../../../test/oauth-setup.js';
import { buildTestApp, NO_RATE_LIMITS, type TestApp } from '../../../test/test-app.js';
import { addUser, signedInUser } from '../../../test/users.js';
import { forgetDiscovery } from './oidc-discovery.js';

/** Who each authorization code stands for at the fake issuer. */
const PEOPLE: Record<string, { sub: string; name?: string; email?: string; preferred_username?: string }> = {
  'code-new': { sub: 'sub-new', name: 'Ada Lovelace', email: 'ada@example.com', preferred_username: 'ada' },
  'code-long': { sub: 'sub-long', preferred_username: 'a-very-long-preferred-name' },
  'code-known': { sub: 'sub-known', name: 'Known' },
  'code-banned': { sub: 'sub-banned' },
  'code-closed': { sub: 'sub-closed' },
  'code-bind': { sub: 'sub-bind' },
  'code-taken': { sub: 'sub-taken' },
};

/** An issuer with discovery; `basicOnly` makes it advertise client_secret_basic alone. */
function fakeIssuer(settings: { basicOnly: boolean }): FakeJsonServer {
  const issuer: FakeJsonServer = new FakeJsonServer();
  const clientOf = (request: FakeRequest) => {
    const form = new URLSearchParams(request.body);
    const basic = request.headers.authorization?.replace('Basic ', '');
    if (basic) {
      const [id, secret] = Buffer.from(basic, 'base64').toString().split(':');
      return { id, secret };
    }
    return { id: form.get('client_id'), secret: form.get('client_secret') };
  };
  return issuer
    .on('GET', '/.well-known/openid-configuration', () => ({
      issuer: issuer.url,
      authorization_endpoint: `${issuer.url}/authorize`,
      token_endpoint: `${issuer.url}/token`,
      userinfo_endpoint: `${issuer.url}/userinfo`,
      token_endpoint_auth_methods_supported: settings.basicOnly ? ['client_secret_basic'] : ['client_secret_basic', 'client_secret_post'],
    }))
    .on('POST', '/token', (request) => {
      const form = new URLSearchParams(request.body);
      const client = clientOf(request);
      if (request.headers['content-type'] !== 'application/x-www-form-urlencoded' || form.get('grant_type') !== 'authorization_code') {
        return { status: 400, body: { error: 'invalid_request' } };
      }
      if (client.id !== 'oidc-client' || client.secret !== 'oidc-secret') return { status: 401, body: { error: 'invalid_client' } };
      const code = form.get('code') ?? '';
      if (!PEOPLE[code]) return { status: 400, body: { error: 'invalid_grant', error_description: 'Code not valid' } };
      return { access_token: `at-${code}`, token_type: 'Bearer', expires_in: 300, id_token: 'unused' };
    })
    .on('GET', '/userinfo', (request) => PEOPLE[(request.headers.authorization ?? '').replace('Bearer at-', '')] ?? { status: 401, body: { error: 'invalid_token' } });
}

describe.each(databaseKinds)('OIDC sign-in on %s', (kind) => {
  let t: TestApp;
  const settings = { basicOnly: false };
  const issuer = fakeIssuer(settings);
  const signIn = (code: string, options: Parameters<typeof oauthCallback>[3] = {}) => oauthCallback(t, 'oidc', code, options);
  const usersBySub = (sub: string) => t.ctx.db.selectFrom('users').selectAll().where('oidc_id', '=', sub).execute();
  const status = async () => (await t.app.inject({ method: 'GET', url: '/api/status' })).json<{ data: Record<string, unknown> }>().data;

  beforeAll(async () => {
    t = await buildTestApp(kind, NO_RATE_LIMITS);
    await issuer.start();
    await t.ctx.options.set('OidcClientId', 'oidc-client');
    await t.ctx.options.set('OidcClientSecret', 'oidc-secret');
    await t.ctx.options.set('ServerAddress', 'https://gw.example.com');
  });
  beforeEach(async () => {
    forgetDiscovery();
    settings.basicOnly = false;
    await t.ctx.options.set('OidcEnabled', 'true');
    await t.ctx.options.set('RegisterEnabled', 'true');
    await t.ctx.options.set('OidcWellKnown', `${issuer.url}/.well-known/openid-configuration`);
    for (const key of ['OidcAuthorizationEndpoint', 'OidcTokenEndpoint', 'OidcUserinfoEndpoint']) await t.ctx.options.set(key, '');
  });
  afterAll(async () => {
    await t.close();
    await issuer.close();
  });

  it('signs up through discovery, taking preferred_username, name and email', async () => {
    const { answer, cookie } = await signIn('code-new');
    expect(answer).toMatchObject({ success: true, data: { username: 'ada', display_name: 'Ada Lovelace' } });
    const [row] = await usersBySub('sub-new');
    expect(row).toMatchObject({ username: 'ada', email: 'ada@example.com' });
    expect((await t.app.inject({ method: 'GET', url: '/api/user/self', headers: { cookie } })).json()).toMatchObject({ data: { oidc_id: 'sub-new' } });
    const exchange = new URLSearchParams(issuer.received('/token').at(-1)?.body);
    expect(Object.fromEntries(exchange)).toEqual({
      grant_type: 'authorization_code',
      code: 'code-new',
      redirect_uri: 'https://gw.example.com/oauth/oidc',
      client_id: 'oidc-client',
      client_secret: 'oidc-secret',
    });
  });

  it('falls back to oidc_<n> when the proposed username is too long or taken', async () => {
    const { answer } = await signIn('code-long');
    expect(answer).toMatchObject({ success: true, data: { username: expect.stringMatching(/^oidc_\d+$/), display_name: 'OIDC User' } });
  });

  it('reads the discovery document once and keeps it', async () => {
    const before = issuer.received('/.well-known/openid-configuration').length;
    await signIn('code-wrong');
    await signIn('code-wrong');
    expect(issuer.received('/.well-known/openid-configuration').length - before).toBe(1);
  });

  it('sends the secret with HTTP Basic when the issuer takes nothing else', async () => {
    settings.basicOnly = true;
    await addUser(t, 'oidc-known', { oidc_id: 'sub-known' });
    expect((await signIn('code-known')).answer).toMatchObject({ success: true, data: { username: 'oidc-known' } });
    const exchange = issuer.received('/token').at(-1);
    expect(exchange?.headers.authorization).toBe(`Basic ${Buffer.from('oidc-client:oidc-secret').toString('base64')}`);
    expect(new URLSearchParams(exchange?.body).get('client_secret')).toBeNull();
  });

  it('uses explicit endpoints without any discovery', async () => {
    await t.ctx.options.set('OidcWellKnown', '');
    await t.ctx.options.set('OidcTokenEndpoint', `${issuer.url}/token`);
    await t.ctx.options.set('OidcUserinfoEndpoint', `${issuer.url}/userinfo`);
    await t.ctx.options.set('OidcAuthorizationEndpoint', `${issuer.url}/authorize`);
    const before = issuer.received('/.well-known/openid-configuration').length;
    expect((await signIn('code-known')).answer).toMatchObject({ success: true, data: { username: 'oidc-known' } });
    expect(issuer.received('/.well-known/openid-configuration').length).toBe(before);
  });

  it('passes on the issuer refusing the code', async () => {
    expect((await signIn('code-wrong')).answer).toMatchObject({ success: false, message: 'the OIDC provider refused the sign-in: Code not valid' });
  });

  it('answers 403 to a missing or wrong state', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/oauth/oidc?code=code-new' })).statusCode).toBe(403);
    expect((await signIn('code-new', { state: 'forged-state' })).response.statusCode).toBe(403);
  });

  it('refuses while OIDC is off', async () => {
    await t.ctx.options.set('OidcEnabled', 'false');
    expect((await signIn('code-known')).answer).toMatchObject({ success: false, message: 'the administrator has not enabled sign-in and registration with OIDC' });
  });

  it('refuses a new person while registration is closed, and a disabled account', async () => {
    await t.ctx.options.set('RegisterEnabled', 'false');
    expect((await signIn('code-closed')).answer).toMatchObject({ success: false, message: 'new user registration has been disabled by the administrator' });
    expect(await usersBySub('sub-closed')).toHaveLength(0);
    await addUser(t, 'oidc-banned', { oidc_id: 'sub-banned', status: UserStatus.Disabled });
    expect((await signIn('code-banned')).answer).toMatchObject({ success: false, message: 'user has been banned' });
  });

  it('binds the sub to a signed-in user, and refuses one another account holds', async () => {
    const { user, cookie } = await signedInUser(t, 'oidc-binder');
    expect((await signIn('code-bind', { cookie })).answer).toEqual({ success: true, message: 'bind' });
    expect((await usersBySub('sub-bind')).map((row) => row.id)).toEqual([user.id]);
    await addUser(t, 'oidc-holder', { oidc_id: 'sub-taken' });
    expect((await signIn('code-taken', { cookie })).answer).toMatchObject({ success: false, message: 'this OIDC account is already bound to another user' });
  });

  it('reports in the status the endpoints discovery found, and the configured ones when set', async () => {
    expect(await status()).toMatchObject({
      oidc: true,
      oidc_client_id: 'oidc-client',
      oidc_well_known: `${issuer.url}/.well-known/openid-configuration`,
      oidc_authorization_endpoint: `${issuer.url}/authorize`,
      oidc_token_endpoint: `${issuer.url}/token`,
      oidc_userinfo_endpoint: `${issuer.url}/userinfo`,
    });
    await t.ctx.options.set('OidcAuthorizationEndpoint', 'https://sso.example.com/auth');
    expect((await status()).oidc_authorization_endpoint).toBe('https://sso.example.com/auth');
  });

  it('keeps the status answering when the issuer cannot be reached', async () => {
    await t.ctx.options.set('OidcWellKnown', 'http://127.0.0.1:1/.well-known/openid-configuration');
    expect(await status()).toMatchObject({ oidc: true, oidc_authorization_endpoint: '' });
    expect((await signIn('code-known')).answer).toMatchObject({ success: false, message: 'could not reach the OIDC server, please try again later' });
  });
});
