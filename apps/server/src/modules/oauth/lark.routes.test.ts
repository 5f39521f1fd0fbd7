import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { UserStatus } from '@tollgate/contract';
import { databaseKinds } from '../../../test/databases.js';
import { FakeJsonServer } from '../../../test/fake-json-server.js';
import { oauthCallback } from '../../../test/oauth-setup.js';
import { buildTestApp, NO_RATE_LIMITS, type TestApp } from '../../../test/test-app.js';
import { addUser, signedInUser } from '../../../test/users.js';

/** Who each authorization code stands for at the fake Lark. */
const PEOPLE: Record<string, { open_id: string; union_id: string; name: string }> = {
  'code-new': { open_id: 'ou_new', union_id: 'on_new', name: '张三' },
  'code-known': { open_id: 'ou_known', union_id: 'on_known', name: 'Known' },
  'code-nameless': { open_id: 'ou_nameless', union_id: 'on_nameless', name: '' },
  'code-banned': { open_id: 'ou_banned', union_id: 'on_banned', name: 'Banned' },
  'code-closed': { open_id: 'ou_closed', union_id: 'on_closed', name: 'Closed' },
  'code-bind': { open_id: 'ou_bind', union_id: 'on_bind', name: 'Binder' },
  'code-taken': { open_id: 'ou_taken', union_id: 'on_taken', name: 'Taken' },
};

/** Lark's v2 token endpoint and v1 user info, answering as the real ones do. */
function fakeLark(): FakeJsonServer {
  return new FakeJsonServer()
    .on('POST', '/open-apis/authen/v2/oauth/token', (request) => {
      const { code } = JSON.parse(request.body) as { code: string };
      if (!PEOPLE[code]) return { status: 400, body: { code: 20003, error: 'invalid_grant', error_description: 'The authorization code is not found.' } };
      return { code: 0, access_token: `u-${code}`, expires_in: 7200, token_type: 'Bearer', scope: '' };
    })
    .on('GET', '/open-apis/authen/v1/user_info', (request) => {
      const person = PEOPLE[(request.headers.authorization ?? '').replace('Bearer u-', '')];
      if (!person) return { status: 400, body: { code: 99991668, msg: 'Invalid access token for authorization.' } };
      return { code: 0, msg: 'success', data: { ...person, en_name: '', avatar_url: '', tenant_key: 't' } };
    });
}

describe.each(databaseKinds)('Lark sign-in on %s', (kind) => {
  let t: TestApp;
  const lark = fakeLark();
  const signIn = (code: string, options: Parameters<typeof oauthCallback>[3] = {}) => oauthCallback(t, 'lark', code, options);
  const usersByLark = (openId: string) => t.ctx.db.selectFrom('users').selectAll().where('lark_id', '=', openId).execute();

  beforeAll(async () => {
    t = await buildTestApp(kind, NO_RATE_LIMITS);
    await t.ctx.options.set('LarkBaseUrl', await lark.start());
    await t.ctx.options.set('LarkClientSecret', 'lark-secret');
    await t.ctx.options.set('ServerAddress', 'https://gw.example.com');
  });
  beforeEach(async () => {
    await t.ctx.options.set('LarkClientId', 'cli_test');
    await t.ctx.options.set('RegisterEnabled', 'true');
  });
  afterAll(async () => {
    await t.close();
    await lark.close();
  });

  it('creates lark_<n> keyed by open_id and sends the exchange Lark expects', async () => {
    const { answer, cookie } = await signIn('code-new');
    expect(answer).toMatchObject({ success: true, data: { username: expect.stringMatching(/^lark_\d+$/), display_name: '张三' } });
    const [row] = await usersByLark('ou_new');
    expect(answer.data?.username).toBe(`lark_${row?.id}`);
    expect((await t.app.inject({ method: 'GET', url: '/api/user/self', headers: { cookie } })).json()).toMatchObject({ data: { lark_id: 'ou_new' } });

    const exchange = lark.received('/open-apis/authen/v2/oauth/token').at(-1);
    expect(JSON.parse(exchange?.body ?? '{}')).toEqual({
      grant_type: 'authorization_code',
      client_id: 'cli_test',
      client_secret: 'lark-secret',
      code: 'code-new',
      redirect_uri: 'https://gw.example.com/oauth/lark',
    });
    expect(lark.received('/open-apis/authen/v1/user_info').at(-1)?.headers.authorization).toBe('Bearer u-code-new');
  });

  it('names a person without a name "Lark User"', async () => {
    expect((await signIn('code-nameless')).answer.data?.display_name).toBe('Lark User');
  });

  it('signs in the account holding the open_id', async () => {
    const known = await addUser(t, 'lark-known', { lark_id: 'ou_known' });
    expect((await signIn('code-known')).answer).toMatchObject({ success: true, data: { id: known.id } });
    expect(await usersByLark('ou_known')).toHaveLength(1);
  });

  it('passes on Lark refusing the code', async () => {
    expect((await signIn('code-wrong')).answer).toMatchObject({ success: false, message: 'Lark refused the sign-in: The authorization code is not found.' });
  });

  it('answers 403 to a missing or wrong state', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/oauth/lark?code=code-new' })).statusCode).toBe(403);
    expect((await signIn('code-new', { state: 'forged-state' })).response.statusCode).toBe(403);
  });

  it('refuses while no Lark app is configured', async () => {
    await t.ctx.options.set('LarkClientId', '');
    expect((await signIn('code-known')).answer).toMatchObject({ success: false, message: 'the administrator has not enabled sign-in and registration with Lark' });
  });

  it('refuses a new person while registration is closed', async () => {
    await t.ctx.options.set('RegisterEnabled', 'false');
    expect((await signIn('code-closed')).answer).toMatchObject({ success: false, message: 'new user registration has been disabled by the administrator' });
    expect(await usersByLark('ou_closed')).toHaveLength(0);
  });

  it('refuses a disabled account', async () => {
    await addUser(t, 'lark-banned', { lark_id: 'ou_banned', status: UserStatus.Disabled });
    expect((await signIn('code-banned')).answer).toMatchObject({ success: false, message: 'user has been banned' });
  });

  it('binds the open_id to a signed-in user, and refuses one another account holds', async () => {
    const { user, cookie } = await signedInUser(t, 'lark-binder');
    expect((await signIn('code-bind', { cookie })).answer).toEqual({ success: true, message: 'bind' });
    expect((await usersByLark('ou_bind')).map((row) => row.id)).toEqual([user.id]);

    await addUser(t, 'lark-holder', { lark_id: 'ou_taken' });
    const other = await signedInUser(t, 'lark-late');
    expect((await signIn('code-taken', { cookie: other.cookie })).answer).toMatchObject({ success: false, message: 'this Lark account is already bound to another user' });
  });

  it('uses the request origin for the redirect URI when ServerAddress is blank', async () => {
    await t.ctx.options.set('ServerAddress', '');
    await signIn('code-known');
    const exchange = JSON.parse(lark.received('/open-apis/authen/v2/oauth/token').at(-1)?.body ?? '{}') as { redirect_uri: string };
    expect(exchange.redirect_uri).toBe('http://localhost:80/oauth/lark');
    await t.ctx.options.set('ServerAddress', 'https://gw.example.com');
  });
});
