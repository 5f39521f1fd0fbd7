import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { TokenStatus, type Token } from '@tollgate/contract';
import { databaseKinds } from '../../../test/databases.js';
import { FakeOpenAI } from '../../../test/fake-openai.js';
import { relayFixture, type RelayFixture } from '../../../test/relay-fixture.js';
import { login } from '../../../test/test-app.js';
import { nowSeconds } from '../../lib/random.js';

// gpt-4o-mini (ratio 0.075, completion ratio 4) reserves about 39 for "hi"; this usage settles at 1000.
const COSTLY_USAGE = { prompt_tokens: 10, completion_tokens: 3330 };
/**
 * How long a status write may take: it follows a flush of the pending usage, which waits for the log thread,
 * and the thread's first start (loading its TypeScript module under Vitest) took 2 s on a loaded machine.
 * A write still under way when its test gave up landed in the next test's count of writes.
 */
const STORED_WITHIN = { timeout: 15_000 };

describe.each(databaseKinds)('keys stored as expired or exhausted by the relay on %s', (kind) => {
  let f: RelayFixture;
  let upstream: FakeOpenAI;
  let userId: number;
  let cookie: string;

  beforeAll(async () => {
    upstream = await new FakeOpenAI('marker').start();
    f = await relayFixture(kind);
    await f.addChannel({ name: 'marker', base_url: upstream.baseUrl, models: 'gpt-4o-mini' });
    userId = await f.addUser('keyuser', 100_000_000);
    cookie = await login(f.app, 'keyuser', 'password123');
  });
  afterAll(async () => {
    await f.close();
    await upstream.stop();
  });
  afterEach(() => {
    upstream.behaviour = {};
    vi.restoreAllMocks();
  });

  const chat = (key: string) =>
    fetch(`${f.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer sk-${key}` },
      body: JSON.stringify({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }] }),
    });
  const refusal = async (response: Response) => ({ status: response.status, message: ((await response.json()) as { error: { message: string } }).error.message });
  const stored = (key: string) => f.ctx.db.selectFrom('tokens').select(['id', 'name', 'status', 'remain_quota']).where('key', '=', key).executeTakeFirstOrThrow();
  const statusOf = async (key: string) => (await stored(key)).status;
  /** A limited key that spends 1000 per request, with `remain` to start from. */
  const costlyKey = async (remain: number) => {
    upstream.behaviour = { usage: COSTLY_USAGE };
    return f.addKey(userId, { unlimitedQuota: false, remainQuota: remain });
  };

  it('refuses an expired key with 401 and stores it as expired (3)', async () => {
    const key = await f.addKey(userId, { expiredTime: nowSeconds() - 60 });
    const { id, name } = await stored(key);
    expect(await refusal(await chat(key))).toEqual({ status: 401, message: expect.stringMatching(new RegExp(`^token ${name} \\(#${id}\\) has expired`)) });
    await expect.poll(() => statusOf(key), STORED_WITHIN).toBe(TokenStatus.Expired);
    expect(await refusal(await chat(key))).toMatchObject({ status: 401, message: expect.stringMatching(/has expired/) });
  });

  it('refuses a key with no quota left with 401 "quota used up" and stores it as exhausted (4)', async () => {
    const key = await f.addKey(userId, { unlimitedQuota: false, remainQuota: 0 });
    const { id, name } = await stored(key);
    expect(await refusal(await chat(key))).toEqual({ status: 401, message: expect.stringMatching(new RegExp(`^token ${name} \\(#${id}\\) quota used up`)) });
    await expect.poll(() => statusOf(key), STORED_WITHIN).toBe(TokenStatus.Exhausted);
  });

  it('serves a key until its quota runs out during use, then refuses it with 401 and stores it as exhausted', async () => {
    const key = await costlyKey(2500);
    const statuses: number[] = [];
    for (let i = 0; i < 6 && statuses.at(-1) !== 401; i += 1) statuses.push((await chat(key)).status);
    // 2500 -> 1500 -> 500 -> -500: three answers, then the next request finds nothing left.
    expect(statuses).toEqual([200, 200, 200, 401]);
    expect(await refusal(await chat(key))).toMatchObject({ status: 401, message: expect.stringMatching(/quota used up/) });
    await expect.poll(() => statusOf(key), STORED_WITHIN).toBe(TokenStatus.Exhausted);
    await f.flush();
    expect(Number((await stored(key)).remain_quota)).toBe(-500);
  });

  it('stores a key hammered after running out once, not once per request', async () => {
    const key = await costlyKey(500);
    expect((await chat(key)).status).toBe(200);
    const updateTable = vi.spyOn(f.ctx.db, 'updateTable');
    const burst = await Promise.all(Array.from({ length: 20 }, () => chat(key).then((r) => r.status)));
    expect(burst.every((status) => status === 401)).toBe(true);
    await expect.poll(() => statusOf(key), STORED_WITHIN).toBe(TokenStatus.Exhausted);
    for (let i = 0; i < 5; i += 1) expect((await chat(key)).status).toBe(401);
    expect(updateTable.mock.calls.filter(([table]) => table === 'tokens')).toHaveLength(1);
  });

  it('refuses with 401 and stores as exhausted when another node used the key up (the cache still shows quota)', async () => {
    const key = await f.addKey(userId, { unlimitedQuota: false, remainQuota: 100_000 });
    expect((await chat(key)).status).toBe(200);
    await f.flush();
    // Spent elsewhere: the database changes, this node's key cache is not told.
    await f.ctx.db.updateTable('tokens').set({ remain_quota: 0 }).where('key', '=', key).execute();
    expect(await refusal(await chat(key))).toMatchObject({ status: 401, message: expect.stringMatching(/quota used up/) });
    await expect.poll(() => statusOf(key), STORED_WITHIN).toBe(TokenStatus.Exhausted);
  });

  it('refuses a key with some quota left but less than the reservation with 403, and leaves it enabled', async () => {
    const key = await f.addKey(userId, { unlimitedQuota: false, remainQuota: 100_000 });
    expect((await chat(key)).status).toBe(200);
    await f.flush();
    await f.ctx.db.updateTable('tokens').set({ remain_quota: 5 }).where('key', '=', key).execute();
    const response = await chat(key);
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ error: { code: 'pre_consume_token_quota_failed', message: expect.stringMatching(/^token quota insufficient/) } });
    await f.flush();
    expect(await statusOf(key)).toBe(TokenStatus.Enabled);
  });

  it('serves an exhausted key again once its owner tops it up and enables it in the console', async () => {
    const key = await costlyKey(500);
    expect((await chat(key)).status).toBe(200);
    expect((await chat(key)).status).toBe(401);
    await expect.poll(() => statusOf(key), STORED_WITHIN).toBe(TokenStatus.Exhausted);

    const { id } = await stored(key);
    const put = async (url: string, payload: object) => (await f.app.inject({ method: 'PUT', url, headers: { cookie }, payload })).json<{ success: boolean; data: Token }>();
    const loaded = (await f.app.inject({ method: 'GET', url: `/api/token/${id}`, headers: { cookie } })).json<{ data: Token }>().data;
    // The edit form saves the new quota and echoes status 4; the list's switch then enables the key.
    expect(await put('/api/token/', { ...loaded, remain_quota: 1_000_000 })).toMatchObject({ success: true, data: { status: TokenStatus.Exhausted } });
    expect((await chat(key)).status).toBe(401);
    expect(await put('/api/token/?status_only=true', { id, status: TokenStatus.Enabled })).toMatchObject({ success: true, data: { status: TokenStatus.Enabled } });
    expect((await chat(key)).status).toBe(200);
    await f.flush();
    expect(await statusOf(key)).toBe(TokenStatus.Enabled);
  });
});
