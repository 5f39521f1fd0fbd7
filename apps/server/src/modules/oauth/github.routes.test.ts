import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { UserStatus } from '@tollgate/contract';
import { databaseKinds } from '../../../test/databases.js';
import { FakeJsonServer } from '../../../test/fake-json-server.js';
import { oauthCallback } from '../../../test/oauth-setup.js';
import { buildTestApp, NO_RATE_LIMITS, type TestApp } from '../../../test/test-app.js';
import { addUser, signedInUser } from '../../../test/users.js';

/** Who each authorization code stands for at the fake GitHub. */
const PEOPLE: Record<string, { login: string; name: string; email: string | null }> = {
  'code-new': { login: 'octocat', name: 'The Octocat', email: 'octo@example.com' },
  'code-hubber': { login: 'hubber', name: 'Hubber', email: null },
  'code-nameless': { login: 'nameless', name: '', email: null },
  'code-bound': { login: 'bound-elsewhere', name: 'B', email: null },
  'code-banned': { login: 'banned-one', name: 'Banned', email: null },
  'code-closed': { login: 'latecomer', name: 'Late', email: null },
  'code-invited': { login: 'invited', name: 'Invited', email: null },
  'code-bind': { login: 'binder', name: 'Binder', email: null },
  'code-same-email': { login: 'copycat', name: 'Copycat', email: 'taken@example.com' },
};

/** A GitHub Enterprise Server lookalike: the web host at the root, the API under /api/v3. */
function fakeGitHub(): FakeJsonServer {
  return new FakeJsonServer()
    .on('POST', '/login/oauth/access_token', (request) => {
      const { code } = JSON.parse(request.body) as { code: string };
      return PEOPLE[code] ? { access_token: `gho_${code}`, token_type: 'bearer', scope: 'user:email' } : { error: 'bad_verification_code', error_description: 'The code passed is incorrect or expired.' };
    })
    .on('GET', '/api/v3/user', (request) => {
      const person = PEOPLE[(request.headers.authorization ?? '').replace('Bearer gho_', '')];
      return person ?? { status: 401, body: { message: 'Bad credentials' } };
    });
}

describe.each(databaseKinds)('GitHub sign-in on %s', (kind) => {
  let t: TestApp;
  const github = fakeGitHub();
  const signIn = (code: string, options: Parameters<typeof oauthCallback>[3] = {}) => oauthCallback(t, 'github', code, options);
  const userByGitHub = (login: string) => t.ctx.db.selectFrom('users').selectAll().where('github_id', '=', login).execute();

  beforeAll(async () => {
    t = await buildTestApp(kind, NO_RATE_LIMITS);
    const url = await github.start();
    await t.ctx.options.set('GitHubBaseUrl', url);
    await t.ctx.options.set('GitHubApiBaseUrl', `${url}/api/v3`);
    await t.ctx.options.set('GitHubClientId', 'client-id');
    await t.ctx.options.set('GitHubClientSecret', 'client-secret');
  });
  beforeEach(async () => {
    await t.ctx.options.set('GitHubOAuthEnabled', 'true');
    await t.ctx.options.set('RegisterEnabled', 'true');
  });
  afterAll(async () => {
    await t.close();
    await github.close();
  });

  it('hands out a 12-character state kept in the session cookie', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/oauth/state' });
    expect(response.json()).toMatchObject({ success: true, data: expect.stringMatching(/^[0-9a-zA-Z]{12}$/) });
    expect(response.cookies.find((c) => c.name === 'session')?.httpOnly).toBe(true);
  });

  it('creates github_<n> for a new person, signs them in and answers the user', async () => {
    const { answer, cookie } = await signIn('code-new');
    expect(answer).toMatchObject({ success: true, data: { username: expect.stringMatching(/^github_\d+$/), display_name: 'The Octocat', role: 1, status: 1 } });
    const [row] = await userByGitHub('octocat');
    expect(row).toMatchObject({ id: answer.data?.id, email: 'octo@example.com' });
    expect(answer.data?.username).toBe(`github_${row?.id}`);
    const tokens = await t.ctx.db.selectFrom('tokens').select('name').where('user_id', '=', row?.id ?? 0).execute();
    expect(tokens).toEqual([{ name: 'default' }]);
    const self = await t.app.inject({ method: 'GET', url: '/api/user/self', headers: { cookie } });
    expect(self.json()).toMatchObject({ success: true, data: { github_id: 'octocat' } });

    const exchange = JSON.parse(github.received('/login/oauth/access_token').at(-1)?.body ?? '{}') as Record<string, string>;
    expect(exchange).toEqual({ client_id: 'client-id', client_secret: 'client-secret', code: 'code-new' });
    expect(github.received('/login/oauth/access_token').at(-1)?.headers.accept).toBe('application/json');
  });

  it('leaves the email blank when another account already uses it', async () => {
    await addUser(t, 'email-owner', { email: 'taken@example.com' });
    expect((await signIn('code-same-email')).answer.success).toBe(true);
    const [row] = await userByGitHub('copycat');
    expect(row?.email).toBe('');
  });

  it('names a person without a display name "GitHub User"', async () => {
    expect((await signIn('code-nameless')).answer.data?.display_name).toBe('GitHub User');
  });

  it('signs in the existing account holding the GitHub login, creating nothing', async () => {
    const hubber = await addUser(t, 'hubber-acct', { github_id: 'hubber' });
    const { answer } = await signIn('code-hubber');
    expect(answer).toMatchObject({ success: true, data: { id: hubber.id, username: 'hubber-acct' } });
    expect(await userByGitHub('hubber')).toHaveLength(1);
  });

  it('passes on GitHub refusing the code', async () => {
    const { answer } = await signIn('code-wrong');
    expect(answer).toMatchObject({ success: false, message: 'GitHub refused the sign-in: The code passed is incorrect or expired.' });
  });

  it('answers 403 to a missing, wrong or foreign state', async () => {
    const missing = await t.app.inject({ method: 'GET', url: '/api/oauth/github?code=code-new' });
    expect(missing.statusCode).toBe(403);
    expect(missing.json()).toMatchObject({ success: false, message: /state/ });
    expect((await signIn('code-new', { state: 'not-the-state' })).response.statusCode).toBe(403);
    // A state issued to another browser is worthless without that browser's cookie.
    const issued = (await t.app.inject({ method: 'GET', url: '/api/oauth/state' })).json<{ data: string }>().data;
    expect((await t.app.inject({ method: 'GET', url: `/api/oauth/github?code=code-new&state=${issued}` })).statusCode).toBe(403);
  });

  it('spends the state on success, so the callback cannot be replayed', async () => {
    const first = await signIn('code-hubber');
    expect(first.answer.success).toBe(true);
    const replay = await t.app.inject({ method: 'GET', url: `/api/oauth/github?code=code-hubber&state=${first.state}`, headers: { cookie: first.cookie } });
    expect(replay.statusCode).toBe(403);
  });

  it('refuses when GitHub sign-in is off', async () => {
    await t.ctx.options.set('GitHubOAuthEnabled', 'false');
    expect((await signIn('code-new')).answer).toMatchObject({ success: false, message: 'the administrator has not enabled sign-in and registration with GitHub' });
    expect(github.received('/login/oauth/access_token').filter((r) => r.body.includes('code-new'))).toHaveLength(1);
  });

  it('refuses a new person while registration is closed, but still signs in existing accounts', async () => {
    await t.ctx.options.set('RegisterEnabled', 'false');
    expect((await signIn('code-closed')).answer).toMatchObject({ success: false, message: 'new user registration has been disabled by the administrator' });
    expect(await userByGitHub('latecomer')).toHaveLength(0);
    expect((await signIn('code-hubber')).answer.success).toBe(true);
  });

  it('refuses a disabled account', async () => {
    await addUser(t, 'banned-acct', { github_id: 'banned-one', status: UserStatus.Disabled });
    const { answer, response } = await signIn('code-banned');
    expect(answer).toMatchObject({ success: false, message: 'user has been banned' });
    expect(response.cookies.find((c) => c.name === 'session')).toBeUndefined();
  });

  it('binds the GitHub login to a signed-in user and answers "bind"', async () => {
    const { user, cookie } = await signedInUser(t, 'gh-binder');
    const { answer } = await signIn('code-bind', { cookie });
    expect(answer).toEqual({ success: true, message: 'bind' });
    const [row] = await userByGitHub('binder');
    expect(row?.id).toBe(user.id);
    // Signing in with it afterwards reaches the same account.
    expect((await signIn('code-bind')).answer.data?.id).toBe(user.id);
  });

  it('refuses to bind a GitHub login another account holds', async () => {
    await addUser(t, 'holder', { github_id: 'bound-elsewhere' });
    const { user, cookie } = await signedInUser(t, 'gh-latebind');
    expect((await signIn('code-bound', { cookie })).answer).toMatchObject({ success: false, message: 'this GitHub account is already bound to another user' });
    const row = await t.ctx.db.selectFrom('users').select('github_id').where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(row.github_id).toBe('');
  });

  it('rewards the inviter whose affiliate code comes along', async () => {
    await t.ctx.options.set('QuotaForInviter', '700');
    await addUser(t, 'inviter', { aff_code: 'GHaf', quota: 0 });
    const { answer } = await signIn('code-invited', { query: '&aff=GHaf' });
    expect(answer.success).toBe(true);
    const inviter = await t.ctx.db.selectFrom('users').select(['id', 'quota']).where('username', '=', 'inviter').executeTakeFirstOrThrow();
    expect(inviter.quota).toBe(700);
    const [invitee] = await userByGitHub('invited');
    expect(invitee?.inviter_id).toBe(inviter.id);
    await t.ctx.options.set('QuotaForInviter', '0');
  });

  it('says so when GitHub cannot be reached', async () => {
    const url = t.ctx.options.str('GitHubBaseUrl');
    await t.ctx.options.set('GitHubBaseUrl', 'http://127.0.0.1:1');
    expect((await signIn('code-new')).answer).toMatchObject({ success: false, message: 'could not reach the GitHub server, please try again later' });
    await t.ctx.options.set('GitHubBaseUrl', url);
  });
});
