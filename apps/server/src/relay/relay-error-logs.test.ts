import { LogType, parseLogOther, type LogView } from '@tollgate/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from '../../test/databases.js';
import { FakeOpenAI } from '../../test/fake-openai.js';
import { relayFixture, type RelayFixture } from '../../test/relay-fixture.js';
import { login } from '../../test/test-app.js';
import { REQUEST_ID_HEADER } from '../http/request-id.js';

const DOWN = { fail: { status: 500, body: { error: { message: 'upstream is down', type: 'server_error' } } } };

describe.each(databaseKinds)('error logs of failed relay requests on %s', (kind) => {
  let f: RelayFixture;
  let first: FakeOpenAI;
  let second: FakeOpenAI;
  let firstId: number;
  let secondId: number;

  beforeAll(async () => {
    first = await new FakeOpenAI('first').start();
    second = await new FakeOpenAI('second').start();
    f = await relayFixture(kind);
    // Priorities make the order deterministic: the first tier, then the retry falls through to the second.
    firstId = await f.addChannel({ name: 'first', base_url: first.baseUrl, models: 'gpt-4o,house-model', priority: 10 });
    secondId = await f.addChannel({ name: 'second', base_url: second.baseUrl, models: 'gpt-4o', priority: 0 });
    await f.ctx.options.set('ModelRatio', '{"gpt-4o":1}');
    await f.ctx.options.set('CompletionRatio', '{"gpt-4o":1}');
    await f.ctx.options.set('RetryTimes', '1');
  });
  afterAll(async () => {
    await f.close();
    await first.stop();
    await second.stop();
  });

  const post = (key: string, path: string, body: unknown) =>
    fetch(`${f.url}${path}`, { method: 'POST', headers: { authorization: `Bearer sk-${key}`, 'x-goog-api-key': `sk-${key}`, 'x-api-key': `sk-${key}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const chat = (key: string, model: string) => post(key, '/v1/chat/completions', { model, messages: [{ role: 'user', content: 'hi' }] });
  const errorRows = (userId: number) => f.ctx.db.selectFrom('logs').selectAll().where('user_id', '=', userId).where('type', '=', LogType.Error).orderBy('id').execute();
  const balances = async (userId: number) => ({
    user: await f.ctx.db.selectFrom('users').select(['quota', 'used_quota', 'request_count']).where('id', '=', userId).executeTakeFirstOrThrow(),
    tokens: await f.ctx.db.selectFrom('tokens').select(['remain_quota', 'used_quota']).where('user_id', '=', userId).execute(),
  });
  const failing = async <T>(run: () => Promise<T>): Promise<T> => {
    first.behaviour = DOWN;
    second.behaviour = DOWN;
    try {
      return await run();
    } finally {
      first.behaviour = {};
      second.behaviour = {};
    }
  };

  it('writes one uncharged error row for an upstream 500 retried on a second channel, naming both in order', async () => {
    const userId = await f.addUser('ann', 1_000_000);
    const key = await f.addKey(userId, { unlimitedQuota: false, remainQuota: 500_000 });
    await f.flush();
    const before = await balances(userId);
    const response = await failing(() => chat(key, 'gpt-4o'));
    expect(response.status).toBe(500);
    const requestId = response.headers.get(REQUEST_ID_HEADER);
    await f.flush();
    const rows = await errorRows(userId);
    expect(rows).toHaveLength(1);
    const row = rows[0]!;
    expect(row).toMatchObject({ username: 'ann', token_name: 'key1', model_name: 'gpt-4o', quota: 0, prompt_tokens: 0, completion_tokens: 0, channel_id: secondId, request_id: requestId });
    expect(row.content).toContain('upstream is down');
    expect(Number(row.elapsed_time)).toBeGreaterThanOrEqual(0);
    expect(parseLogOther(row.other)).toEqual({ protocol: 'openai', status: 500, channels: [firstId, secondId] });
    expect(first.received.length + second.received.length).toBeGreaterThanOrEqual(2);
    // Nothing charged, the reservation given back, and no consume row.
    expect(await balances(userId)).toEqual(before);
    expect(await f.ctx.db.selectFrom('logs').select('id').where('user_id', '=', userId).where('type', '=', LogType.Consume).execute()).toHaveLength(0);
  });

  it('writes an error row for a model without a price, and one for a model no channel serves, naming no channel', async () => {
    const userId = await f.addUser('ben', 1_000_000);
    const key = await f.addKey(userId);
    expect((await chat(key, 'house-model')).status).toBe(503);
    expect((await chat(key, 'nobody-serves-this')).status).toBe(404);
    await f.flush();
    const rows = await errorRows(userId);
    expect(rows.map((row) => [row.model_name, row.channel_id, row.quota, parseLogOther(row.other)])).toEqual([
      ['house-model', 0, 0, { protocol: 'openai', status: 503, channels: [] }],
      // The row names the model asked for; the rollups count unserved names together.
      ['nobody-serves-this', 0, 0, { protocol: 'openai', status: 404, channels: [] }],
    ]);
    expect(rows[0]!.content).toMatch(/house-model has no price/);
    expect(rows[1]!.content).toMatch(/no available channel for model nobody-serves-this/);
  });

  it('writes an error row whatever protocol the client spoke', async () => {
    const userId = await f.addUser('cat', 1_000_000);
    const key = await f.addKey(userId);
    const statuses = await failing(async () => [
      (await post(key, '/v1/messages', { model: 'gpt-4o', max_tokens: 16, messages: [{ role: 'user', content: 'hi' }] })).status,
      (await post(key, '/v1/responses', { model: 'gpt-4o', input: 'hi' })).status,
      (await post(key, '/v1beta/models/gpt-4o:generateContent', { contents: [{ role: 'user', parts: [{ text: 'hi' }] }] })).status,
      (await post(key, '/v1/embeddings', { model: 'gpt-4o', input: 'hi' })).status,
    ]);
    expect(statuses).toEqual([500, 500, 500, 500]);
    await f.flush();
    const rows = await errorRows(userId);
    expect(rows.map((row) => parseLogOther(row.other))).toEqual(
      ['anthropic', 'responses', 'gemini', 'openai'].map((protocol) => ({ protocol, status: 500, channels: [firstId, secondId] })),
    );
  });

  it('writes none for a successful request, a bad key or a malformed body', async () => {
    const userId = await f.addUser('dan', 1_000_000);
    const key = await f.addKey(userId);
    expect((await chat(key, 'gpt-4o')).status).toBe(200);
    expect((await chat('not-a-key', 'gpt-4o')).status).toBe(401);
    const malformed = await fetch(`${f.url}/v1/chat/completions`, { method: 'POST', headers: { authorization: `Bearer sk-${key}`, 'content-type': 'application/json' }, body: '{"model":' });
    expect(malformed.status).toBe(400);
    await f.flush();
    expect(await errorRows(userId)).toHaveLength(0);
    expect(await f.ctx.db.selectFrom('logs').select('id').where('type', '=', LogType.Error).where('user_id', '=', 0).execute()).toHaveLength(0);
    expect(await f.ctx.db.selectFrom('logs').select('id').where('user_id', '=', userId).where('type', '=', LogType.Consume).execute()).toHaveLength(1);
  });

  it('writes none when request logging is off (LogConsumeEnabled), and still counts the error', async () => {
    const userId = await f.addUser('fay', 1_000_000);
    const key = await f.addKey(userId);
    await f.ctx.options.set('LogConsumeEnabled', 'false');
    try {
      expect((await chat(key, 'nobody-serves-this')).status).toBe(404);
    } finally {
      await f.ctx.options.set('LogConsumeEnabled', 'true');
    }
    await f.flush();
    expect(await errorRows(userId)).toHaveLength(0);
    const rollups = await f.ctx.db.selectFrom('usage_rollups').select(['errors']).where('user_id', '=', userId).execute();
    expect(rollups.map((row) => Number(row.errors))).toEqual([1]);
  });

  it("lists error rows by type for the admin, and a user's own for that user", async () => {
    const userId = await f.addUser('eve', 1_000_000);
    const key = await f.addKey(userId);
    expect((await chat(key, 'gpt-4o')).status).toBe(200);
    await failing(() => chat(key, 'gpt-4o'));
    await f.flush();
    const list = async (url: string, cookie: string) => (await f.app.inject({ method: 'GET', url, headers: { cookie } })).json<{ success: boolean; data: LogView[] }>().data;
    const admin = await list(`/api/log/?type=${LogType.Error}&username=eve`, f.rootCookie);
    expect(admin.map((row) => [row.type, row.username, row.channel_id])).toEqual([[LogType.Error, 'eve', secondId]]);
    const everyError = await list(`/api/log/?type=${LogType.Error}`, f.rootCookie);
    expect(everyError.length).toBeGreaterThan(1);
    expect(new Set(everyError.map((row) => row.type))).toEqual(new Set([LogType.Error]));
    const mine = await list(`/api/log/self?type=${LogType.Error}`, await login(f.app, 'eve', 'password123'));
    expect(mine.map((row) => [row.type, row.username, parseLogOther(row.other).status])).toEqual([[LogType.Error, 'eve', 500]]);
    const all = await list('/api/log/self', await login(f.app, 'eve', 'password123'));
    expect(all.map((row) => row.type).sort()).toEqual([LogType.Consume, LogType.Error]);
  });
});
