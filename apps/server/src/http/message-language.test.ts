import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from '../../test/databases.js';
import { FakeOpenAI } from '../../test/fake-openai.js';
import { relayFixture, type RelayFixture } from '../../test/relay-fixture.js';

const ZH = { 'accept-language': 'zh-CN,zh;q=0.9,en;q=0.8' };

/** The same failures, answered in Chinese when the request asks for it and in today's English when it does not. */
describe.each(databaseKinds)('server messages by Accept-Language on %s', (kind) => {
  let f: RelayFixture;
  let upstream: FakeOpenAI;

  beforeAll(async () => {
    upstream = await new FakeOpenAI('languages').start();
    f = await relayFixture(kind);
  });
  afterAll(async () => {
    await f.close();
    await upstream.stop();
  });

  async function both(method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, cookie = f.rootCookie) {
    const ask = (headers: Record<string, string>) => f.app.inject({ method, url, payload, headers: { cookie, ...headers } }).then((r) => ({ status: r.statusCode, ...r.json() }));
    return { en: await ask({}), zh: await ask(ZH) };
  }

  it('answers a business failure in Chinese or in the English scripts read', async () => {
    const { en, zh } = await both('POST', '/api/user/login', { username: 'root', password: 'wrong-password' }, '');
    expect(en).toMatchObject({ status: 200, success: false, message: 'username or password is wrong, or the user has been banned' });
    expect(zh).toMatchObject({ status: 200, success: false, message: '用户名或密码错误，或用户已被封禁' });
    // An explicit English preference, and a header naming neither language, keep English.
    for (const language of ['en-US,en;q=0.9', 'fr-FR', 'fr,zh;q=0.1,en;q=0.5']) {
      const answer = await f.app.inject({ method: 'POST', url: '/api/user/login', payload: { username: 'root', password: 'wrong-password' }, headers: { 'accept-language': language } });
      expect(answer.json().message).toBe('username or password is wrong, or the user has been banned');
    }
  });

  it('names the field of a validation failure in both languages', async () => {
    const schemaMessage = await both('POST', '/api/token/', { name: 'k', remain_quota: 'lots' });
    expect(schemaMessage.en.message).toBe('remain_quota must be a whole number of 0 or more');
    expect(schemaMessage.zh.message).toBe('剩余额度（remain_quota）必须是不小于 0 的整数');

    // A rule the schema words itself (the zod default) names the field with zod's English, and field and reason in Chinese.
    const zodMessage = await both('POST', '/api/user/login', { username: 42, password: 'x' }, '');
    expect(zodMessage.en.message).toMatch(/^username: Invalid input: expected string/);
    expect(zodMessage.zh.message).toBe('username 无效：应为字符串');

    const query = await both('GET', '/api/log/?type=abc');
    expect(query.en.message).toBe('type must be a whole number');
    expect(query.zh.message).toBe('type 必须是整数');
  });

  it('answers a refused option, with its parameters, in the language asked for', async () => {
    const { en, zh } = await both('PUT', '/api/option/', { key: 'RetryTimes', value: '-1' });
    expect(en.message).toBe('RetryTimes must be a whole number of 0 or more');
    expect(zh.message).toBe('RetryTimes 必须是不小于 0 的整数');
    const unknown = await both('PUT', '/api/option/', { key: 'NoSuchOption', value: '1' });
    expect(unknown.zh.message).toBe('未知的选项：NoSuchOption');
  });

  it('answers the statuses the HTTP layer sets in the language asked for', async () => {
    const { en, zh } = await both('GET', '/api/user/self', undefined, '');
    expect(en).toMatchObject({ status: 401, message: 'not logged in and no access token' });
    expect(zh).toMatchObject({ status: 401, message: '未登录，也未提供访问令牌' });
  });

  it('answers a failed channel test in Chinese around the upstream’s own words', async () => {
    const id = await f.addChannel({ name: 'refusing', base_url: upstream.baseUrl, models: 'gpt-4o-mini' });
    upstream.behaviour = { fail: { status: 401, body: { error: { message: 'Incorrect API key provided', code: 'invalid_api_key' } } } };
    try {
      const { en, zh } = await both('GET', `/api/channel/test/${id}`);
      expect(en).toMatchObject({ success: false, message: 'http status code 401, error message: Incorrect API key provided' });
      expect(zh).toMatchObject({ success: false, message: '上游 HTTP 状态码 401，错误信息：Incorrect API key provided' });
      expect((await both('GET', '/api/channel/test/999999')).zh.message).toBe('渠道不存在');
    } finally {
      upstream.behaviour = {};
      await f.removeChannel(id);
    }
  });
});
