import { createHash } from 'node:crypto';
import { LogType, type ApiEnvelope, type PriceSourceInfo, type PriceSourcePreview } from '@tollgate/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lastConsumeLog } from '../../../test/consume-log.js';
import { databaseKinds } from '../../../test/databases.js';
import { FakeJsonServer } from '../../../test/fake-json-server.js';
import { addModel, bundledPriceData, closedPortUrl, FakePriceSource, modelIndexes, setPrice, type PriceData } from '../../../test/fake-price-source.js';
import { relayFixture, type RelayFixture } from '../../../test/relay-fixture.js';
import { buildTestApp, loginRoot, type TestApp } from '../../../test/test-app.js';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const today = () => new Date().toISOString().slice(0, 10);

/**
 * Refreshing the price source through the console's API, against a fake source: a file that changes a price
 * and adds a model is previewed, applied, billed at and picked up by a second node on the same database; a
 * file that is not JSON, does not validate, or cannot be fetched is refused naming why, and nothing changes.
 */
describe.each(databaseKinds)('refreshing the price source on %s', (kind) => {
  let f: RelayFixture;
  let key: string;
  const source = new FakePriceSource();
  const upstream = new FakeJsonServer();
  let bundled: PriceData;
  /** The bundled data with GPT-5.2's input at $3.50 (from $1.75) and a new model at $4 / $8. */
  let changed: PriceData;

  beforeAll(async () => {
    const base = await upstream.start();
    upstream.on('POST', '/v1/chat/completions', (request) => ({
      id: 'chatcmpl-1',
      object: 'chat.completion',
      created: 1,
      model: (JSON.parse(request.body) as { model: string }).model,
      choices: [{ index: 0, message: { role: 'assistant', content: 'ok' }, finish_reason: 'stop' }],
      usage: { prompt_tokens: 1000, completion_tokens: 100 },
    }));
    bundled = await bundledPriceData();
    changed = addModel(setPrice(await bundledPriceData(), 'openai', 'gpt-5.2', 'input_mtok', 3.5), 'openai', 'tollgate-new-model', { input_mtok: 4, output_mtok: 8 });
    f = await relayFixture(kind, { PRICE_SOURCE_URL: await source.start() });
    await f.ctx.options.set('PreConsumedQuota', '0');
    await f.addChannel({ name: 'openai', type: 1, base_url: base, models: 'gpt-5.2,tollgate-new-model' });
    key = await f.addKey(await f.addUser('pricesrc', 1_000_000_000));
  });
  afterAll(async () => {
    await f.close();
    await source.close();
    await upstream.close();
  });

  const api = async <T>(method: 'GET' | 'POST', url: string, payload?: object, app = f.app, cookie = f.rootCookie) =>
    (await app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) })).json<ApiEnvelope<T>>();
  const chat = async (model: string) => {
    const response = await fetch(`${f.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer sk-${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model, messages: [{ role: 'user', content: 'hi' }] }),
    });
    if (response.status !== 200) return { status: response.status, text: await response.text() };
    await f.flush();
    return { status: 200, quota: (await lastConsumeLog(f)).quota };
  };
  // 1,000 input tokens and 100 output tokens, in quota points at 500,000 per dollar.
  const AT_BUNDLED_PRICE = 875 + 700;
  const AT_NEW_PRICE = 1750 + 700;

  it('starts on the bundled data without fetching, says what is in force and where a refresh fetches from', async () => {
    // A start reads the database only: offline, it serves and prices as it does here.
    expect(source.fetches).toBe(0);
    const info = await api<PriceSourceInfo>('GET', '/api/prices/source');
    expect(info.data).toEqual({
      name: expect.stringMatching(/^genai-prices \d+\.\d+\.\d+$/),
      date: expect.stringMatching(/^\d{4}-\d\d-\d\d$/),
      models: bundled.reduce((sum, provider) => sum + provider.models.length, 0),
      refresh_hours: 0,
      source_url: f.ctx.config.PRICE_SOURCE_URL,
    });
    expect(await chat('gpt-5.2')).toEqual({ status: 200, quota: AT_BUNDLED_PRICE });
  });

  it.each([
    ['not JSON', () => source.serve('{"oops": '), /the price file at .* is refused, nothing of it is applied: not JSON/],
    ['a negative price', () => source.serve(setPrice(structuredClone(changed), 'openai', 'gpt-5.2', 'input_mtok', -1)), 'FIELD'],
    ['an error status', () => source.serve('Service Unavailable', 503), /the price source at .* answered HTTP 503; the prices in force are kept/],
  ] as const)('refuses a file that is %s, naming what is wrong, and keeps the prices in force', async (_what, serve, expected) => {
    serve();
    const preview = await api<PriceSourcePreview>('POST', '/api/prices/source/preview');
    expect(preview.success).toBe(false);
    if (expected === 'FIELD') {
      const [p, m] = modelIndexes(changed, 'openai', 'gpt-5.2');
      expect(preview.message).toContain(`[${p}].models[${m}].prices.input_mtok`);
    } else expect(preview.message).toMatch(expected);
    expect((await api<PriceSourceInfo>('GET', '/api/prices/source')).data?.sha256).toBeUndefined();
    expect(await chat('gpt-5.2')).toEqual({ status: 200, quota: AT_BUNDLED_PRICE });
  });

  it('answers in the language asked for', async () => {
    source.serve('{"oops": ');
    const response = await f.app.inject({ method: 'POST', url: '/api/prices/source/preview', headers: { cookie: f.rootCookie, 'accept-language': 'zh-CN' } });
    expect(response.json<ApiEnvelope>().message).toMatch(/^价格来源 .* 的文件未通过校验，未应用其中任何内容：not JSON/);
  });

  it('previews a changed price and a new model, and applies exactly the previewed file', async () => {
    source.serve(changed);
    const preview = await api<PriceSourcePreview>('POST', '/api/prices/source/preview');
    expect(preview.success, preview.message).toBe(true);
    const text = JSON.stringify(changed);
    expect(preview.data).toMatchObject({ sha256: sha256(text), url: f.ctx.config.PRICE_SOURCE_URL, name: 'genai-prices data.json', date: today() });
    expect(preview.data?.diff).toEqual({
      counts: { added: 1, changed: 1, removed: 0 },
      added: [{ provider: 'openai', model: 'tollgate-new-model', prices: { input_mtok: 4, output_mtok: 8 } }],
      changed: [{ provider: 'openai', model: 'gpt-5.2', changes: [{ kind: 'input_mtok', from: 1.75, to: 3.5 }] }],
      removed: [],
    });
    // Previewing applies nothing.
    expect(await chat('gpt-5.2')).toEqual({ status: 200, quota: AT_BUNDLED_PRICE });
    expect(await chat('tollgate-new-model')).toMatchObject({ status: 503, text: expect.stringContaining('has no price') });

    // The source moves on before the apply: a node without the preview in memory would refuse it; this one applies what was shown.
    source.serve(setPrice(structuredClone(changed), 'openai', 'gpt-5.2', 'input_mtok', 9));
    const applied = await api<PriceSourceInfo>('POST', '/api/prices/source/apply', { sha256: sha256(text) });
    expect(applied.success, applied.message).toBe(true);
    expect(applied.data).toMatchObject({ name: 'genai-prices data.json', date: today(), url: f.ctx.config.PRICE_SOURCE_URL, sha256: sha256(text), fetched_at: expect.any(Number) });
    expect(await chat('gpt-5.2')).toEqual({ status: 200, quota: AT_NEW_PRICE });
    expect(await chat('tollgate-new-model')).toEqual({ status: 200, quota: 4000 / 2 + 800 / 2 });

    const trace = await f.ctx.db.selectFrom('logs').select(['username', 'content']).where('type', '=', LogType.Manage).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(trace.username).toBe('root');
    expect(trace.content).toContain(`administrator root applied the price source file fetched on ${today()} from ${f.ctx.config.PRICE_SOURCE_URL}`);
    expect(trace.content).toContain('1 models added, 1 changed, 0 removed');
  });

  it('refuses to apply a file of another hash: the source changed since the preview', async () => {
    const answer = await api<PriceSourceInfo>('POST', '/api/prices/source/apply', { sha256: 'a'.repeat(64) });
    expect(answer.success).toBe(false);
    expect(answer.message).toMatch(/^the price source changed since the preview \(it now serves a file with sha256 [0-9a-f]{64}\)/);
    expect((await api<PriceSourcePreview>('POST', '/api/prices/source/apply', { sha256: 'not-a-hash' })).message).toBe('sha256 must be the 64 hexadecimal digits of the previewed file');
    expect(await chat('gpt-5.2')).toEqual({ status: 200, quota: AT_NEW_PRICE });
  });

  it('refuses a source it cannot reach, at once, keeping the applied file', async () => {
    const closed = await buildTestApp(kind, { SQL_DSN: f.ctx.config.SQL_DSN ?? '', SQLITE_PATH: f.ctx.config.SQLITE_PATH, PRICE_SOURCE_URL: await closedPortUrl() });
    try {
      const cookie = await loginRoot(closed.app);
      const preview = await api<PriceSourcePreview>('POST', '/api/prices/source/preview', undefined, closed.app, cookie);
      expect(preview.message).toMatch(/^could not reach the price source at http:\/\/127\.0\.0\.1:\d+\/data\.json: .*ECONNREFUSED.*; the prices in force are kept$/);
      // A node started after the apply serves the stored file: the start reads the database, never the network.
      expect((await api<PriceSourceInfo>('GET', '/api/prices/source', undefined, closed.app, cookie)).data?.sha256).toBe(sha256(JSON.stringify(changed)));
    } finally {
      await closed.close();
    }
  });

  it('reaches a second node on the same database through the cache version', async () => {
    const second: TestApp = await buildTestApp(kind, { SQL_DSN: f.ctx.config.SQL_DSN ?? '', SQLITE_PATH: f.ctx.config.SQLITE_PATH, PRICE_SOURCE_URL: f.ctx.config.PRICE_SOURCE_URL });
    try {
      const next = setPrice(structuredClone(changed), 'openai', 'gpt-5.2', 'input_mtok', 5);
      source.serve(next);
      const preview = await api<PriceSourcePreview>('POST', '/api/prices/source/preview');
      expect(preview.data?.diff.changed).toEqual([{ provider: 'openai', model: 'gpt-5.2', changes: [{ kind: 'input_mtok', from: 3.5, to: 5 }] }]);
      await api('POST', '/api/prices/source/apply', { sha256: preview.data?.sha256 });
      // The second node polls the cache versions every CACHE_POLL_INTERVAL (a second).
      await expect.poll(() => second.ctx.relay.pricing.quote('gpt-5.2', 'default')?.modelRatio, { timeout: 5000, interval: 50 }).toBe(2.5);
    } finally {
      await second.close();
    }
  });

  it('serves the bundled data when the stored file no longer validates', async () => {
    await f.ctx.db.updateTable('price_source_files').set({ data: '[]' }).execute();
    const later = await buildTestApp(kind, { SQL_DSN: f.ctx.config.SQL_DSN ?? '', SQLITE_PATH: f.ctx.config.SQLITE_PATH });
    try {
      expect(later.ctx.relay.priceSources.current.provenance.name).toMatch(/^genai-prices \d+\.\d+\.\d+$/);
      expect(later.ctx.relay.pricing.quote('gpt-5.2', 'default')?.modelRatio).toBe(0.875);
    } finally {
      await later.close();
    }
  });
});
