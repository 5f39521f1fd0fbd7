import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TokenStatus, UserStatus } from '@tollgate/contract';
import { databaseKinds } from '../../test/databases.js';
import { FakeOpenAI } from '../../test/fake-openai.js';
import { relayFixture, type RelayFixture } from '../../test/relay-fixture.js';

describe.each(databaseKinds)('relay key refusals (reference 1.2) on %s', (kind) => {
  let f: RelayFixture;
  let upstream: FakeOpenAI;
  let userId: number;

  beforeAll(async () => {
    upstream = await new FakeOpenAI('auth').start();
    f = await relayFixture(kind);
    await f.addChannel({ name: 'auth', base_url: upstream.baseUrl, models: 'gpt-4o-mini,gpt-4o' });
    userId = await f.addUser('keyowner', 1_000_000);
  });
  afterAll(async () => {
    await f.close();
    await upstream.stop();
  });

  const chat = (authorization: string | undefined, headers: Record<string, string> = {}, model = 'gpt-4o-mini') =>
    fetch(`${f.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(authorization ? { authorization } : {}), ...headers },
      body: JSON.stringify({ model, messages: [{ role: 'user', content: 'hi' }] }),
    });
  const refusal = async (response: Response) => ({ status: response.status, ...(((await response.json()) as { error: { message: string; type: string } }).error) });

  it('accepts Bearer sk-key and the key without sk-', async () => {
    const key = await f.addKey(userId);
    expect((await chat(`Bearer sk-${key}`)).status).toBe(200);
    expect((await chat(`Bearer ${key}`)).status).toBe(200);
  });

  it.each([
    ['no key', undefined, 401, /no API key provided/],
    ['an unknown key', 'Bearer sk-doesnotexist', 401, /^invalid token/],
  ])('refuses %s with 401', async (_name, authorization, status, message) => {
    const result = await refusal(await chat(authorization));
    expect(result.status).toBe(status);
    expect(result.message).toMatch(message);
    expect(result.type).toBe('one_api_error');
  });

  it.each([
    ['exhausted', { status: TokenStatus.Exhausted }, /quota used up/],
    ['expired by status', { status: TokenStatus.Expired }, /has expired/],
    ['disabled', { status: TokenStatus.Disabled }, /is not available/],
    ['past its expiry time', { expired_time: 1_000 }, /has expired/],
    ['limited with no quota left', { unlimited_quota: false, remain_quota: 0 }, /quota used up/],
  ])('refuses a key that is %s with 401', async (_name, patch, message) => {
    const key = await f.addKey(userId);
    await f.ctx.db.updateTable('tokens').set(patch).where('key', '=', key).execute();
    await f.ctx.cacheSync.changed('keys');
    const result = await refusal(await chat(`Bearer sk-${key}`));
    expect(result.status).toBe(401);
    expect(result.message).toMatch(message);
  });

  it('refuses an address outside the key subnets with 403, and honours X-Forwarded-For only from trusted proxies', async () => {
    const key = await f.addKey(userId, { subnet: '10.1.0.0/16,2001:db8::/32' });
    const outside = await refusal(await chat(`Bearer sk-${key}`));
    expect(outside.status).toBe(403);
    expect(outside.message).toMatch(/allowed subnets/);
    // The test client connects from loopback, which TRUSTED_PROXIES trusts by default.
    expect((await chat(`Bearer sk-${key}`, { 'x-forwarded-for': '10.1.2.3' })).status).toBe(200);
    expect((await chat(`Bearer sk-${key}`, { 'x-forwarded-for': '2001:db8::1' })).status).toBe(200);
    expect((await chat(`Bearer sk-${key}`, { 'x-forwarded-for': '10.2.0.1' })).status).toBe(403);
  });

  it('refuses a model outside the key allowlist with 403', async () => {
    const key = await f.addKey(userId, { models: 'gpt-4o' });
    expect((await chat(`Bearer sk-${key}`, {}, 'gpt-4o')).status).toBe(200);
    const result = await refusal(await chat(`Bearer sk-${key}`, {}, 'gpt-4o-mini'));
    expect(result.status).toBe(403);
    expect(result.message).toMatch(/token has no permission for model gpt-4o-mini/);
  });

  it('refuses a banned user with 403 as soon as the ban is recorded', async () => {
    const bannedId = await f.addUser('tobebanned', 1_000_000);
    const key = await f.addKey(bannedId);
    expect((await chat(`Bearer sk-${key}`)).status).toBe(200);
    await f.ctx.db.updateTable('users').set({ status: UserStatus.Disabled }).where('id', '=', bannedId).execute();
    await f.ctx.cacheSync.changed('keys');
    const result = await refusal(await chat(`Bearer sk-${key}`));
    expect(result.status).toBe(403);
    expect(result.message).toMatch(/user banned/);
  });

  it('refuses the key of a deleted user with 403 "user banned"', async () => {
    const goneId = await f.addUser('tobedeleted', 1_000_000);
    const key = await f.addKey(goneId);
    expect((await chat(`Bearer sk-${key}`)).status).toBe(200);
    const deleted = await f.app.inject({ method: 'DELETE', url: `/api/user/${goneId}`, headers: { cookie: f.rootCookie } });
    expect(deleted.json()).toMatchObject({ success: true });
    const result = await refusal(await chat(`Bearer sk-${key}`));
    expect(result.status).toBe(403);
    expect(result.message).toMatch(/^user banned/);
  });

  it('refuses a pinned channel that is disabled with 403 (reference 1.3)', async () => {
    const adminKey = await f.addKey(1);
    const enabledId = await f.addChannel({ name: 'pin-on', base_url: upstream.baseUrl, models: 'pin-only-model' });
    const disabledId = await f.addChannel({ name: 'pin-off', base_url: upstream.baseUrl, models: 'pin-only-model', status: 2 });
    try {
      expect((await chat(`Bearer sk-${adminKey}-${enabledId}`)).status).toBe(200);
      const result = await refusal(await chat(`Bearer sk-${adminKey}-${disabledId}`));
      expect(result.status).toBe(403);
      expect(result.message).toMatch(new RegExp(`channel #${disabledId} is disabled`));
    } finally {
      await f.removeChannel(enabledId);
      await f.removeChannel(disabledId);
    }
  });
});

describe.each(databaseKinds)('X-Forwarded-For from a peer outside TRUSTED_PROXIES on %s', (kind) => {
  let f: RelayFixture;
  let upstream: FakeOpenAI;
  let userId: number;

  beforeAll(async () => {
    upstream = await new FakeOpenAI('untrusted').start();
    // Only 10.9.9.9 is a proxy: the test client, on loopback, is not.
    f = await relayFixture(kind, { TRUSTED_PROXIES: '10.9.9.9' });
    await f.addChannel({ name: 'untrusted', base_url: upstream.baseUrl, models: 'gpt-4o-mini' });
    userId = await f.addUser('direct', 1_000_000);
  });
  afterAll(async () => {
    await f.close();
    await upstream.stop();
  });

  const chat = (key: string, forwardedFor: string) =>
    fetch(`${f.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer sk-${key}`, 'x-forwarded-for': forwardedFor },
      body: JSON.stringify({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }] }),
    });

  it('checks the key subnet against the connecting address, not the header', async () => {
    const outside = await f.addKey(userId, { subnet: '10.1.0.0/16' });
    const refused = await chat(outside, '10.1.2.3');
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toMatch(/allowed subnets/);
    const loopback = await f.addKey(userId, { subnet: '127.0.0.1/32' });
    expect((await chat(loopback, '10.1.2.3')).status).toBe(200);
  });
});
