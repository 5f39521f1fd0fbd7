import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { UserStatus } from '@tollgate/contract';
import { databaseKinds } from '../../../test/databases.js';
import { FakeJsonServer } from '../../../test/fake-json-server.js';
import { sessionCookie, buildTestApp, NO_RATE_LIMITS, type TestApp } from '../../../test/test-app.js';
import { addUser, signedInUser } from '../../../test/users.js';

/** The codes the fake official account handed out, and the openid each was given to. */
const CODES: Record<string, string> = { '111111': 'wx_new', '222222': 'wx_known', '333333': 'wx_banned', '444444': 'wx_closed', '555555': 'wx_bind', '666666': 'wx_taken' };
const TOKEN = 'wechat-server-token';

/** The WeChat Server companion's user lookup, guarded by its token as the real one is. */
function fakeWeChatServer(): FakeJsonServer {
  return new FakeJsonServer().on('GET', '/api/wechat/user', (request) => {
    if (request.headers.authorization !== TOKEN) return { success: false, message: 'no permission', data: '' };
    const openId = CODES[request.query.get('code') ?? ''];
    return openId ? { success: true, message: '', data: openId } : { success: true, message: '', data: '' };
  });
}

interface Answer {
  success: boolean;
  message: string;
  data?: { id: number; username: string; display_name: string };
}

describe.each(databaseKinds)('WeChat sign-in on %s', (kind) => {
  let t: TestApp;
  const wechat = fakeWeChatServer();
  const get = async (url: string, cookie?: string) => t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
  const signIn = async (code: string) => (await get(`/api/oauth/wechat?code=${code}`)).json<Answer>();
  const bind = async (code: string, cookie: string) => (await get(`/api/oauth/wechat/bind?code=${code}`, cookie)).json<Answer>();
  const usersByWeChat = (openId: string) => t.ctx.db.selectFrom('users').selectAll().where('wechat_id', '=', openId).execute();

  beforeAll(async () => {
    t = await buildTestApp(kind, NO_RATE_LIMITS);
    await t.ctx.options.set('WeChatServerAddress', await wechat.start());
    await t.ctx.options.set('WeChatServerToken', TOKEN);
  });
  beforeEach(async () => {
    await t.ctx.options.set('WeChatAuthEnabled', 'true');
    await t.ctx.options.set('RegisterEnabled', 'true');
  });
  afterAll(async () => {
    await t.close();
    await wechat.close();
  });

  it('creates wechat_<n> for a new openid and signs them in', async () => {
    const response = await get('/api/oauth/wechat?code=111111');
    const answer = response.json<Answer>();
    expect(answer).toMatchObject({ success: true, data: { username: expect.stringMatching(/^wechat_\d+$/), display_name: 'WeChat User' } });
    const [row] = await usersByWeChat('wx_new');
    expect(answer.data?.id).toBe(row?.id);
    const self = await get('/api/user/self', sessionCookie(response));
    expect(self.json()).toMatchObject({ data: { wechat_id: 'wx_new' } });
    const call = wechat.received('/api/wechat/user').at(-1);
    expect(call?.query.get('code')).toBe('111111');
    expect(call?.headers.authorization).toBe(TOKEN);
  });

  it('signs in the account holding the openid', async () => {
    const known = await addUser(t, 'wx-known', { wechat_id: 'wx_known' });
    expect(await signIn('222222')).toMatchObject({ success: true, data: { id: known.id } });
  });

  it('refuses a wrong code, an empty one and a companion that refuses us', async () => {
    expect(await signIn('000000')).toMatchObject({ success: false, message: 'the verification code is wrong or has expired' });
    expect(await signIn('')).toMatchObject({ success: false, message: 'invalid parameters: the verification code is missing' });
    await t.ctx.options.set('WeChatServerToken', 'wrong');
    expect(await signIn('111111')).toMatchObject({ success: false, message: 'WeChat refused the sign-in: no permission' });
    await t.ctx.options.set('WeChatServerToken', TOKEN);
  });

  it('refuses while WeChat sign-in is off, for sign-in and binding alike', async () => {
    await t.ctx.options.set('WeChatAuthEnabled', 'false');
    const message = 'the administrator has not enabled sign-in and registration with WeChat';
    expect(await signIn('222222')).toMatchObject({ success: false, message });
    const { cookie } = await signedInUser(t, 'wx-off');
    expect(await bind('555555', cookie)).toMatchObject({ success: false, message });
  });

  it('refuses a new openid while registration is closed', async () => {
    await t.ctx.options.set('RegisterEnabled', 'false');
    expect(await signIn('444444')).toMatchObject({ success: false, message: 'new user registration has been disabled by the administrator' });
    expect(await usersByWeChat('wx_closed')).toHaveLength(0);
  });

  it('refuses a disabled account', async () => {
    await addUser(t, 'wx-banned', { wechat_id: 'wx_banned', status: UserStatus.Disabled });
    expect(await signIn('333333')).toMatchObject({ success: false, message: 'user has been banned' });
  });

  it('binds to the signed-in caller, refuses an empty code, an anonymous caller and a taken openid', async () => {
    const { user, cookie } = await signedInUser(t, 'wx-binder');
    expect(await bind('', cookie)).toMatchObject({ success: false, message: 'invalid parameters: the verification code is missing' });
    expect(await bind('555555', cookie)).toMatchObject({ success: true });
    expect((await usersByWeChat('wx_bind')).map((row) => row.id)).toEqual([user.id]);
    expect((await get('/api/oauth/wechat/bind?code=555555')).statusCode).toBe(401);

    await addUser(t, 'wx-holder', { wechat_id: 'wx_taken' });
    expect(await bind('666666', cookie)).toMatchObject({ success: false, message: 'this WeChat account is already bound to another user' });
  });

  it('says so when the companion cannot be reached', async () => {
    await t.ctx.options.set('WeChatServerAddress', 'http://127.0.0.1:1');
    expect(await signIn('111111')).toMatchObject({ success: false, message: 'could not reach the WeChat server, please try again later' });
    await t.ctx.options.set('WeChatServerAddress', wechat.url);
  });
});
