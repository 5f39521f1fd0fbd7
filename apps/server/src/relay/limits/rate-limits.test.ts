import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RateLimits } from '@tollgate/contract';
import { databaseKinds } from '../../../test/databases.js';
import { FakeOpenAI } from '../../../test/fake-openai.js';
import { postGemini } from '../../../test/gemini-client.js';
import { relayFixture, type RelayFixture } from '../../../test/relay-fixture.js';

const NO_LIMITS: RateLimits = { rpm_limit: 0, tpm_limit: 0, concurrency_limit: 0 };

// Limits live on the tokens and users tables (migration 0007), read by the key cache of each database.
describe.each(databaseKinds)('rate limits per key, user and group on %s', (kind) => {
  let f: RelayFixture;
  let upstream: FakeOpenAI;
  let users = 0;

  beforeAll(async () => {
    upstream = await new FakeOpenAI('limited').start();
    f = await relayFixture(kind);
    await f.addChannel({ name: 'limited', base_url: upstream.baseUrl, models: 'gpt-4o-mini', group: 'default,vip' });
  });
  afterAll(async () => {
    await f.close();
    await upstream.stop();
  });

  /** A fresh user (with its own limits and group) and one key with the given limits. */
  async function keyWith(key: Partial<RateLimits>, user: Partial<RateLimits> = {}, group = 'default') {
    users += 1;
    const userId = await f.addUser(`limited${users}`, 100_000_000, group);
    if (Object.keys(user).length > 0) {
      await f.ctx.db.updateTable('users').set(user).where('id', '=', userId).execute();
      await f.ctx.cacheSync.changed('keys');
    }
    const apiKey = await f.addKey(userId, { limits: { ...NO_LIMITS, ...key } });
    const tokenId = (await f.ctx.db.selectFrom('tokens').select('id').where('key', '=', apiKey).executeTakeFirstOrThrow()).id;
    return { apiKey, tokenId, userId };
  }

  const chat = (apiKey: string, extra: Record<string, unknown> = {}, signal?: AbortSignal) =>
    fetch(`${f.url}/v1/chat/completions`, {
      method: 'POST',
      signal,
      headers: { authorization: `Bearer sk-${apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hello' }], ...extra }),
    });

  const keyUsage = async (tokenId: number) => {
    const owner = await f.ctx.db.selectFrom('tokens').innerJoin('users', 'users.id', 'tokens.user_id').select('users.username').where('tokens.id', '=', tokenId).executeTakeFirstOrThrow();
    const cookie = (await f.app.inject({ method: 'POST', url: '/api/user/login', payload: { username: owner.username, password: 'password123' } })).cookies.find((c) => c.name === 'session');
    const response = await f.app.inject({ method: 'GET', url: `/api/token/${tokenId}/limits`, headers: { cookie: `session=${cookie?.value}` } });
    return response.json<{ data: { requests: { limit: number; used: number }; tokens: { limit: number; used: number }; concurrency: { limit: number; used: number } } }>().data;
  };

  it('answers a key without limits without any x-ratelimit header', async () => {
    const { apiKey } = await keyWith({});
    const response = await chat(apiKey);
    expect(response.status).toBe(200);
    expect([...response.headers.keys()].filter((name) => name.startsWith('x-ratelimit'))).toEqual([]);
  });

  it('counts requests per minute, with OpenAI headers on success and a 429 with Retry-After in OpenAI shape', async () => {
    const { apiKey } = await keyWith({ rpm_limit: 2 });
    const first = await chat(apiKey);
    expect(first.status).toBe(200);
    expect(first.headers.get('x-ratelimit-limit-requests')).toBe('2');
    expect(first.headers.get('x-ratelimit-remaining-requests')).toBe('1');
    expect(first.headers.get('x-ratelimit-reset-requests')).toMatch(/^(\d+ms|\d+(\.\d+)?s|\d+m\d+(\.\d+)?s)$/);
    expect(first.headers.get('x-ratelimit-limit-tokens')).toBeNull();
    expect((await chat(apiKey)).headers.get('x-ratelimit-remaining-requests')).toBe('0');
    const reached = upstream.received.length;
    const refused = await chat(apiKey);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    expect(refused.headers.get('x-ratelimit-limit-requests')).toBe('2');
    expect(refused.headers.get('x-ratelimit-remaining-requests')).toBe('0');
    const body = (await refused.json()) as { error: { message: string; type: string; code: string } };
    expect(body.error).toMatchObject({ type: 'requests', code: 'rate_limit_exceeded' });
    expect(body.error.message).toContain('requests per minute (RPM): limit 2');
    // A refusal reaches no upstream.
    expect(upstream.received.length).toBe(reached);
  });

  it('sends the headers with a streamed answer too', async () => {
    const { apiKey } = await keyWith({ rpm_limit: 3, tpm_limit: 1000 });
    const response = await chat(apiKey, { stream: true });
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    expect(response.headers.get('x-ratelimit-remaining-requests')).toBe('2');
    expect(response.headers.get('x-ratelimit-limit-tokens')).toBe('1000');
    expect(await response.text()).toContain('[DONE]');
  });

  it('refuses in the Anthropic shape on /v1/messages', async () => {
    const { apiKey } = await keyWith({ rpm_limit: 1 });
    const messages = () =>
      fetch(`${f.url}/v1/messages`, {
        method: 'POST',
        headers: { 'x-api-key': `sk-${apiKey}`, 'anthropic-version': '2023-06-01', 'content-type': 'application/json' },
        body: JSON.stringify({ model: 'gpt-4o-mini', max_tokens: 16, messages: [{ role: 'user', content: 'hi' }] }),
      });
    const ok = await messages();
    expect(ok.status).toBe(200);
    expect(ok.headers.get('x-ratelimit-remaining-requests')).toBe('0');
    const refused = await messages();
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(await refused.json()).toMatchObject({ type: 'error', error: { type: 'rate_limit_error', message: expect.stringContaining('RPM') } });
  });

  it('refuses in Google’s shape on Gemini’s generateContent and in OpenAI’s on the Responses API', async () => {
    const { apiKey } = await keyWith({ rpm_limit: 2 });
    const gemini = () => postGemini(f, apiKey, '/v1beta/models/gpt-4o-mini:generateContent', { contents: [{ role: 'user', parts: [{ text: 'hi' }] }] });
    const responses = () =>
      fetch(`${f.url}/v1/responses`, {
        method: 'POST',
        headers: { authorization: `Bearer sk-${apiKey}`, 'content-type': 'application/json' },
        body: JSON.stringify({ model: 'gpt-4o-mini', input: 'hi' }),
      });
    expect((await gemini()).headers.get('x-ratelimit-remaining-requests')).toBe('1');
    // This fake upstream has no Responses API: its 404 still carries the headers of the admitted request.
    expect((await responses()).headers.get('x-ratelimit-remaining-requests')).toBe('0');
    const refusedGemini = await gemini();
    expect(refusedGemini.status).toBe(429);
    expect(refusedGemini.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(await refusedGemini.json()).toMatchObject({ error: { code: 429, status: 'RESOURCE_EXHAUSTED', message: expect.stringContaining('RPM') } });
    const refusedResponses = await responses();
    expect(refusedResponses.status).toBe(429);
    expect(await refusedResponses.json()).toMatchObject({ error: { type: 'requests', code: 'rate_limit_exceeded' } });
  });

  it('holds a running slot until the answer ends and gives it back after an upstream error', async () => {
    const { apiKey, tokenId } = await keyWith({ concurrency_limit: 1 });
    upstream.behaviour = { delayMs: 300 };
    const slow = chat(apiKey);
    await expect.poll(async () => (await keyUsage(tokenId)).concurrency.used).toBe(1);
    const second = await chat(apiKey);
    expect(second.status).toBe(429);
    expect(second.headers.get('retry-after')).toBe('1');
    expect(((await second.json()) as { error: { message: string } }).error.message).toContain('requests at once: limit 1');
    expect((await slow).status).toBe(200);
    upstream.behaviour = { fail: { status: 500, body: { error: { message: 'boom' } } } };
    expect((await chat(apiKey)).status).toBeGreaterThanOrEqual(500);
    upstream.behaviour = {};
    expect((await chat(apiKey)).status).toBe(200);
    expect((await keyUsage(tokenId)).concurrency).toEqual({ limit: 1, used: 0 });
  });

  it('gives the slot back when the client leaves in the middle of a stream', async () => {
    const { apiKey, tokenId } = await keyWith({ concurrency_limit: 1 });
    upstream.behaviour = { chunks: 100, chunkDelayMs: 20 };
    const abort = new AbortController();
    const response = await chat(apiKey, { stream: true }, abort.signal);
    const reader = response.body!.getReader();
    await reader.read();
    expect((await chat(apiKey)).status).toBe(429);
    abort.abort();
    await expect.poll(async () => (await keyUsage(tokenId)).concurrency.used, { timeout: 3000 }).toBe(0);
    upstream.behaviour = {};
    expect((await chat(apiKey)).status).toBe(200);
  });

  it('counts tokens per minute: reserved by estimate while running, corrected to the real count when settled', async () => {
    const { apiKey, tokenId } = await keyWith({ tpm_limit: 40 });
    upstream.behaviour = { delayMs: 300, usage: { prompt_tokens: 12, completion_tokens: 8 } };
    const running = chat(apiKey, { messages: [{ role: 'user', content: 'x'.repeat(60) }] });
    // While it runs, its estimate (bytes / 3 plus the message overhead) is held, not the 20 it will cost.
    await expect.poll(async () => (await keyUsage(tokenId)).tokens.used).toBeGreaterThan(20);
    const first = await running;
    expect(first.headers.get('x-ratelimit-limit-tokens')).toBe('40');
    expect((await keyUsage(tokenId)).tokens).toEqual({ limit: 40, used: 20 });
    upstream.behaviour = { usage: { prompt_tokens: 12, completion_tokens: 8 } };
    expect((await chat(apiKey)).status).toBe(200);
    const refused = await chat(apiKey);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('x-ratelimit-remaining-tokens')).toBe('0');
    expect(((await refused.json()) as { error: { type: string } }).error.type).toBe('tokens');
    upstream.behaviour = {};
  });

  it('applies the tightest of the key and user limits, counting the user over all its keys', async () => {
    const { apiKey, userId } = await keyWith({ rpm_limit: 5 }, { rpm_limit: 2 });
    const other = await f.addKey(userId);
    expect((await chat(apiKey)).status).toBe(200);
    const second = await chat(other);
    expect(second.status).toBe(200);
    expect(second.headers.get('x-ratelimit-limit-requests')).toBe('2');
    const refused = await chat(apiKey);
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toContain('this user');
  });

  it("applies a group's default from GroupRateLimits, tighter than the user's own", async () => {
    const saved = await f.app.inject({ method: 'PUT', url: '/api/option/', headers: { cookie: f.rootCookie }, payload: { key: 'GroupRateLimits', value: '{"vip":{"rpm":1}}' } });
    expect(saved.json()).toMatchObject({ success: true });
    const { apiKey, userId } = await keyWith({}, { rpm_limit: 10 }, 'vip');
    expect((await chat(apiKey)).headers.get('x-ratelimit-limit-requests')).toBe('1');
    expect((await chat(apiKey)).status).toBe(429);
    const status = await f.app.inject({ method: 'GET', url: `/api/user/${userId}/limits`, headers: { cookie: f.rootCookie } });
    expect(status.json().data).toMatchObject({ requests: { limit: 1, used: 1 }, tokens: { limit: 0 } });
    // Another group's users are not limited by it.
    const { apiKey: plain } = await keyWith({});
    expect((await chat(plain)).headers.get('x-ratelimit-limit-requests')).toBeNull();
  });
});
