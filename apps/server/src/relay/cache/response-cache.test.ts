import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LogType, parseLogOther } from '@tollgate/contract';
import { databaseKinds } from '../../../test/databases.js';
import { eventually } from '../../../test/eventually.js';
import { FakeOpenAI } from '../../../test/fake-openai.js';
import { relayFixture, type RelayFixture } from '../../../test/relay-fixture.js';
import type { CacheStore } from './cache-store.js';

/** Every call to a priced model costs exactly this (ModelRequestPrice $0.002 x QuotaPerUnit 500000). */
const CALL = 1000;

interface Call {
  path: string;
  body: unknown;
  headers?: Record<string, string>;
}

// The response cache through the HTTP surface, with the database store (no Redis) of each database.
describe.each(databaseKinds)('the response cache on %s', (kind) => {
  let f: RelayFixture;
  let upstream: FakeOpenAI;
  let users = 0;

  beforeAll(async () => {
    upstream = await new FakeOpenAI('cached').start();
    f = await relayFixture(kind);
    await f.addChannel({ name: 'cached', base_url: upstream.baseUrl, models: 'gpt-4o-mini,text-embedding-3-small', group: 'default,team' });
    await f.addChannel({ type: 36, name: 'converted', base_url: upstream.baseUrl, models: 'deepseek-chat', group: 'default,team' });
    await setOption('ModelRequestPrice', '{"gpt-4o-mini":0.002,"deepseek-chat":0.002,"text-embedding-3-small":0.002}');
    await setOption('GroupRatio', '{"default":1,"team":1}');
  });
  afterAll(async () => {
    await f.close();
    await upstream.stop();
  });

  async function setOption(key: string, value: string) {
    const response = await f.app.inject({ method: 'PUT', url: '/api/option/', headers: { cookie: f.rootCookie }, payload: { key, value } });
    expect(response.json()).toMatchObject({ success: true });
  }

  /** A fresh user with one key, whose cache switch is on unless said otherwise. */
  async function keyOf(caches = true, group = 'default') {
    users += 1;
    const userId = await f.addUser(`rcache${users}`, 100_000_000, group);
    const key = await f.addKey(userId);
    if (caches) {
      await f.ctx.db.updateTable('tokens').set({ response_cache: 1 }).where('key', '=', key).execute();
      await f.ctx.cacheSync.changed('keys');
    }
    return { key, userId };
  }

  const send = (key: string, { path, body, headers = {} }: Call) =>
    fetch(`${f.url}${path}`, { method: 'POST', headers: { authorization: `Bearer sk-${key}`, 'x-goog-api-key': `sk-${key}`, 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });

  /** Sends the call and waits for what the cache keeps of it: the answer's status, cache header and text. */
  async function call(key: string, request: Call) {
    const stored = f.ctx.relay.responseCache.counts.stored;
    const response = await send(key, request);
    const text = await response.text();
    const header = response.headers.get('x-tollgate-cache');
    if (header === 'miss') await eventually(() => f.ctx.relay.responseCache.counts.stored > stored);
    return { status: response.status, header, text, type: response.headers.get('content-type') ?? '' };
  }

  const lastLogOf = async (userId: number) => {
    await f.flush();
    return f.ctx.db.selectFrom('logs').selectAll().where('user_id', '=', userId).where('type', '=', LogType.Consume).orderBy('id', 'desc').executeTakeFirstOrThrow();
  };

  const chat: Call = { path: '/v1/chat/completions', body: { model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'cache me' }] } };
  const PROTOCOLS: [string, Call][] = [
    ['chat', chat],
    ['chat stream', { path: '/v1/chat/completions', body: { model: 'gpt-4o-mini', stream: true, messages: [{ role: 'user', content: 'stream me' }] } }],
    ['Messages', { path: '/v1/messages', body: { model: 'gpt-4o-mini', max_tokens: 64, messages: [{ role: 'user', content: 'hi claude' }] } }],
    ['Messages stream', { path: '/v1/messages', body: { model: 'gpt-4o-mini', max_tokens: 64, stream: true, messages: [{ role: 'user', content: 'hi claude' }] } }],
    ['Responses', { path: '/v1/responses', body: { model: 'deepseek-chat', input: 'hi responses' } }],
    ['Responses stream', { path: '/v1/responses', body: { model: 'deepseek-chat', input: 'hi responses', stream: true } }],
    ['Gemini', { path: '/v1beta/models/gpt-4o-mini:generateContent', body: { contents: [{ role: 'user', parts: [{ text: 'hi gemini' }] }] } }],
    ['Gemini stream', { path: '/v1beta/models/gpt-4o-mini:streamGenerateContent?alt=sse', body: { contents: [{ role: 'user', parts: [{ text: 'hi gemini' }] }] } }],
    ['embeddings', { path: '/v1/embeddings', body: { model: 'text-embedding-3-small', input: 'embed me' } }],
  ];

  it.each(PROTOCOLS)('serves a %s hit in its protocol, as the first answer was sent, logged as a hit and billed nothing', async (_name, request) => {
    const { key, userId } = await keyOf();
    const calls = upstream.received.length;
    const first = await call(key, request);
    expect(first).toMatchObject({ status: 200, header: 'miss' });
    const original = await lastLogOf(userId);
    expect(original.quota).toBe(CALL);
    const second = await call(key, request);
    expect(second).toMatchObject({ status: 200, header: 'hit', text: first.text, type: first.type });
    expect(upstream.received.length).toBe(calls + 1);
    const log = await lastLogOf(userId);
    expect(log).toMatchObject({ quota: 0, channel_id: 0, prompt_tokens: original.prompt_tokens, completion_tokens: original.completion_tokens, model_name: original.model_name });
    expect(parseLogOther(log.other)).toMatchObject({ cache_hit: true });
    if (String((request.body as { stream?: boolean }).stream) === 'true' || request.path.includes('stream')) expect(second.type).toContain('text/event-stream');
  });

  it('counts the hits in the analytics summary, with their share of the requests, for everyone and for the user', async () => {
    const { key, userId } = await keyOf();
    await call(key, chat);
    await call(key, chat);
    await f.flush();
    const hour = 3600;
    const now = Math.floor(Date.now() / 1000);
    const query = `start=${Math.floor(now / hour) * hour - hour}&end=${Math.ceil(now / hour) * hour + hour}`;
    const all = (await f.app.inject({ method: 'GET', url: `/api/analytics/summary?${query}`, headers: { cookie: f.rootCookie } })).json<{ data: { cache_hits: number; cache_hit_rate: number; totals: { requests: number } } }>().data;
    expect(all.cache_hits).toBeGreaterThanOrEqual(PROTOCOLS.length + 1);
    expect(all.cache_hit_rate).toBeCloseTo(all.cache_hits / all.totals.requests, 10);
    const session = await f.app.inject({ method: 'POST', url: '/api/user/login', payload: { username: `rcache${users}`, password: 'password123' } });
    const cookie = `session=${session.cookies.find((c) => c.name === 'session')?.value}`;
    const mine = (await f.app.inject({ method: 'GET', url: `/api/analytics/self/summary?${query}`, headers: { cookie } })).json<{ data: { cache_hits: number; cache_hit_rate: number } }>().data;
    expect(mine).toMatchObject({ cache_hits: 1, cache_hit_rate: 0.5 });
    expect(userId).toBeGreaterThan(0);
  });

  it('keys on the request, not on its order or labels: the same question with keys reordered and another `user` is a hit', async () => {
    const { key } = await keyOf();
    await call(key, { ...chat, body: { model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'order' }], temperature: 0 } });
    const again = await call(key, { ...chat, body: { temperature: 0, user: 'someone', messages: [{ content: 'order', role: 'user' }], model: 'gpt-4o-mini' } });
    expect(again.header).toBe('hit');
    const other = await call(key, { ...chat, body: { model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'order' }], temperature: 1 } });
    expect(other.header).toBe('miss');
  });

  it('is off by default: a key without the switch and no header is never looked up, nor answered with the header', async () => {
    const { key } = await keyOf(false);
    const counts = { ...f.ctx.relay.responseCache.counts };
    const calls = upstream.received.length;
    for (let i = 0; i < 2; i += 1) expect((await call(key, chat)).header).toBeNull();
    expect(upstream.received.length).toBe(calls + 2);
    expect(f.ctx.relay.responseCache.counts).toEqual(counts);
  });

  it('follows the request header over the key: on, off, refresh, and Cache-Control no-store and no-cache', async () => {
    const { key } = await keyOf(false);
    const asked = { ...chat, body: { model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'per request' }] } };
    expect((await call(key, { ...asked, headers: { 'x-tollgate-cache': 'on' } })).header).toBe('miss');
    expect((await call(key, { ...asked, headers: { 'x-tollgate-cache': 'on' } })).header).toBe('hit');
    expect((await call(key, { ...asked, headers: { 'x-tollgate-cache': 'refresh' } })).header).toBe('miss');
    expect((await call(key, { ...asked, headers: { 'x-tollgate-cache': 'on', 'cache-control': 'no-cache' } })).header).toBe('miss');
    expect((await call(key, { ...asked, headers: { 'x-tollgate-cache': 'on', 'cache-control': 'no-store' } })).header).toBeNull();
    const cachingKey = await keyOf();
    await call(cachingKey.key, asked);
    expect((await call(cachingKey.key, { ...asked, headers: { 'x-tollgate-cache': 'off' } })).header).toBeNull();
  });

  it('refuses a header it does not know with a 400 naming it, in the client protocol', async () => {
    const { key } = await keyOf();
    const response = await send(key, { ...chat, headers: { 'x-tollgate-cache': 'sometimes' } });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: { param: 'x-tollgate-cache', code: 'invalid_cache_header' } });
  });

  it('never serves one user’s answer to another, unless their group shares its cache', async () => {
    const asked = { ...chat, body: { model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'mine' }] } };
    const alice = await keyOf();
    const bob = await keyOf();
    await call(alice.key, asked);
    expect((await call(alice.key, asked)).header).toBe('hit');
    expect((await call(bob.key, asked)).header).toBe('miss');
    await setOption('ResponseCacheSharedGroups', 'team');
    try {
      const carol = await keyOf(true, 'team');
      const dave = await keyOf(true, 'team');
      await call(carol.key, asked);
      expect((await call(dave.key, asked)).header).toBe('hit');
    } finally {
      await setOption('ResponseCacheSharedGroups', '');
    }
  });

  it('forgets an answer after ResponseCacheTtlSeconds', async () => {
    const cache = f.ctx.relay.responseCache;
    const start = Date.now();
    cache.now = () => start;
    try {
      await setOption('ResponseCacheTtlSeconds', '60');
      const { key } = await keyOf();
      const asked = { ...chat, body: { model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'ttl' }] } };
      await call(key, asked);
      cache.now = () => start + 59_000;
      expect((await call(key, asked)).header).toBe('hit');
      cache.now = () => start + 60_000;
      expect((await call(key, asked)).header).toBe('miss');
    } finally {
      cache.now = Date.now;
      await setOption('ResponseCacheTtlSeconds', '3600');
    }
  });

  it('bills a hit at ResponseCacheBilledFraction of the original charge, from the user’s quota', async () => {
    await setOption('ResponseCacheBilledFraction', '0.25');
    try {
      const { key, userId } = await keyOf();
      const asked = { ...chat, body: { model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'billed' }] } };
      await call(key, asked);
      await f.flush();
      const before = await f.ctx.db.selectFrom('users').select('quota').where('id', '=', userId).executeTakeFirstOrThrow();
      expect((await call(key, asked)).header).toBe('hit');
      expect((await lastLogOf(userId)).quota).toBe(CALL / 4);
      const after = await f.ctx.db.selectFrom('users').select('quota').where('id', '=', userId).executeTakeFirstOrThrow();
      expect(Number(before.quota) - Number(after.quota)).toBe(CALL / 4);
    } finally {
      await setOption('ResponseCacheBilledFraction', '0');
    }
  });

  it('refuses cache options out of range with a 400 naming the option', async () => {
    for (const [key, value] of [
      ['ResponseCacheBilledFraction', '1.5'],
      ['ResponseCacheBilledFraction', '-0.1'],
      ['ResponseCacheTtlSeconds', '0'],
      ['ResponseCacheMaxBytes', 'big'],
      ['ResponseCacheMaxTotalBytes', '0'],
    ]) {
      const response = await f.app.inject({ method: 'PUT', url: '/api/option/', headers: { cookie: f.rootCookie }, payload: { key, value } });
      expect(response.json<{ success: boolean; message: string }>(), `${key}=${value}`).toMatchObject({ success: false });
      expect(response.json<{ message: string }>().message).toContain(key);
    }
  });

  it('keeps no answer larger than ResponseCacheMaxBytes, and evicts the oldest past ResponseCacheMaxTotalBytes', async () => {
    const { key } = await keyOf();
    await setOption('ResponseCacheMaxBytes', '50');
    try {
      const asked = { ...chat, body: { model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'too big' }] } };
      await send(key, asked).then((response) => response.text());
      const second = await send(key, asked);
      await second.text();
      expect(second.headers.get('x-tollgate-cache')).toBe('miss');
    } finally {
      await setOption('ResponseCacheMaxBytes', '1048576');
    }
    const rows = await f.ctx.db.selectFrom('response_cache').select(['bytes']).execute();
    const total = rows.reduce((sum, row) => sum + Number(row.bytes), 0);
    await setOption('ResponseCacheMaxTotalBytes', String(total));
    try {
      await call(key, { ...chat, body: { model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'evicts' }] } });
      const left = await f.ctx.db.selectFrom('response_cache').select(['bytes']).execute();
      expect(left.reduce((sum, row) => sum + Number(row.bytes), 0)).toBeLessThanOrEqual(total);
      expect(left.length).toBeLessThan(rows.length + 1);
    } finally {
      await setOption('ResponseCacheMaxTotalBytes', '268435456');
    }
  });

  it('serves uncached when its store fails, says so in /readyz, and recovers', async () => {
    const store = f.ctx.relay.responseCache.store as { get: CacheStore['get']; set: CacheStore['set'] };
    const { get, set } = store;
    const down = () => Promise.reject(new Error('store down'));
    store.get = down;
    store.set = down;
    try {
      const { key } = await keyOf();
      const answer = await send(key, chat);
      expect(answer.status).toBe(200);
      await answer.text();
      const ready = await f.app.inject({ method: 'GET', url: '/readyz' });
      // Said, but the node stays in service: it answers every request, uncached.
      expect(ready.statusCode).toBe(200);
      expect(ready.json()).toMatchObject({ checks: { response_cache: expect.stringContaining('store down') } });
    } finally {
      store.get = get;
      store.set = set;
    }
    const { key } = await keyOf();
    await call(key, chat);
    const ready = await f.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.json<{ checks: Record<string, string> }>().checks.response_cache).toBeUndefined();
  });
});
