import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from '../../test/databases.js';
import { FakeOpenAI } from '../../test/fake-openai.js';
import { sampleValue } from '../../test/prometheus-text.js';
import { relayFixture, type RelayFixture } from '../../test/relay-fixture.js';
import { buildTestApp } from '../../test/test-app.js';

const TOKEN = 'scrape-token-for-tests';

describe('GET /metrics when metrics are off', () => {
  it('answers 404 and registers nothing', async () => {
    const t = await buildTestApp('sqlite');
    try {
      const response = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
      expect(response.statusCode).toBe(404);
      expect(t.ctx.metrics.enabled).toBe(false);
      // A feature's registration is never run when metrics are off.
      let ran = false;
      t.ctx.metrics.extend(() => {
        ran = true;
      });
      expect(ran).toBe(false);
    } finally {
      await t.close();
    }
  });
});

describe.each(databaseKinds)('GET /metrics on %s', (kind) => {
  let f: RelayFixture;
  let upstream: FakeOpenAI;
  let broken: FakeOpenAI;
  let channel: number;
  let brokenChannel: number;
  let key: string;

  beforeAll(async () => {
    upstream = await new FakeOpenAI('metrics').start();
    broken = await new FakeOpenAI('broken').start();
    broken.behaviour = { fail: { status: 502, body: { error: { message: 'bad gateway' } } } };
    f = await relayFixture(kind, { METRICS_ENABLED: 'true', METRICS_TOKEN: TOKEN });
    channel = await f.addChannel({ name: 'metrics', base_url: upstream.baseUrl, models: 'gpt-4o' });
    brokenChannel = await f.addChannel({ name: 'broken', base_url: broken.baseUrl, models: 'broken-model' });
    await f.ctx.options.set('ModelRatio', '{"gpt-4o":2,"broken-model":1}');
    await f.ctx.options.set('CompletionRatio', '{"gpt-4o":1}');
    key = await f.addKey(await f.addUser('watched', 1_000_000));
  });
  afterAll(async () => {
    await f.close();
    await upstream.stop();
    await broken.stop();
  });

  const scrape = async (authorization?: string) => fetch(`${f.url}/metrics`, { headers: authorization ? { authorization } : {} });
  const metricsText = async () => {
    const response = await scrape(`Bearer ${TOKEN}`);
    expect(response.status).toBe(200);
    return response.text();
  };
  const chat = (model: string, stream = false) =>
    fetch(`${f.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer sk-${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model, stream, messages: [{ role: 'user', content: 'hi' }] }),
    });

  it('refuses a scrape without the token or with a wrong one (401), and serves it with the token', async () => {
    expect((await scrape()).status).toBe(401);
    expect((await scrape('Bearer not-the-token')).status).toBe(401);
    expect((await scrape(TOKEN)).status).toBe(401);
    const response = await scrape(`Bearer ${TOKEN}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/plain');
    const text = await response.text();
    // Node's process metrics and the gauges read at scrape time are there from the start.
    expect(sampleValue(text, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
    expect(sampleValue(text, 'tollgate_relay_in_flight_requests')).toBe(0);
    expect(sampleValue(text, 'tollgate_relay_in_flight_streams')).toBe(0);
    expect(sampleValue(text, 'tollgate_usage_writer_queue_depth')).toBeGreaterThanOrEqual(0);
  });

  it('counts a relayed chat by route, model, channel, status and protocol, with its latency, tokens and quota', async () => {
    const response = await chat('gpt-4o');
    expect(response.status).toBe(200);
    await response.text();
    const text = await metricsText();
    const labels = { route: '/v1/chat/completions', model: 'gpt-4o', channel: String(channel), status: '200', protocol: 'openai' };
    expect(sampleValue(text, 'tollgate_relay_requests_total', labels)).toBe(1);
    expect(sampleValue(text, 'tollgate_relay_request_duration_seconds_count', { channel: String(channel) })).toBe(1);
    expect(sampleValue(text, 'tollgate_relay_request_duration_seconds_bucket', { channel: String(channel), le: '+Inf' })).toBe(1);
    expect(sampleValue(text, 'tollgate_relay_first_byte_seconds_count', { channel: String(channel) })).toBe(1);
    // The fake reports 10 prompt and 5 completion tokens; at ratio 2 that is (10 + 5) x 2 = 30 quota.
    expect(sampleValue(text, 'tollgate_tokens_total', { model: 'gpt-4o', kind: 'prompt' })).toBe(10);
    expect(sampleValue(text, 'tollgate_tokens_total', { model: 'gpt-4o', kind: 'completion' })).toBe(5);
    expect(sampleValue(text, 'tollgate_tokens_total', { model: 'gpt-4o', kind: 'cache_read' })).toBe(0);
    expect(sampleValue(text, 'tollgate_quota_total', { model: 'gpt-4o' })).toBe(30);
  });

  it('counts a streamed chat, its tokens by kind, and no stream left open after it', async () => {
    upstream.behaviour = { usage: { prompt_tokens: 20, completion_tokens: 8, prompt_tokens_details: { cached_tokens: 4 }, completion_tokens_details: { reasoning_tokens: 3 } } };
    const response = await chat('gpt-4o', true);
    expect(response.status).toBe(200);
    await response.text();
    upstream.behaviour = {};
    const text = await metricsText();
    expect(sampleValue(text, 'tollgate_relay_requests_total', { route: '/v1/chat/completions', model: 'gpt-4o', channel: String(channel), status: '200' })).toBe(2);
    expect(sampleValue(text, 'tollgate_tokens_total', { model: 'gpt-4o', kind: 'prompt' })).toBe(30);
    expect(sampleValue(text, 'tollgate_tokens_total', { model: 'gpt-4o', kind: 'cache_read' })).toBe(4);
    expect(sampleValue(text, 'tollgate_tokens_total', { model: 'gpt-4o', kind: 'reasoning' })).toBe(3);
    expect(sampleValue(text, 'tollgate_relay_in_flight_streams')).toBe(0);
    expect(sampleValue(text, 'tollgate_relay_in_flight_requests')).toBe(0);
  });

  it('labels a request by the protocol its client spoke and the route it called', async () => {
    const response = await fetch(`${f.url}/v1/messages`, {
      method: 'POST',
      headers: { 'x-api-key': `sk-${key}`, 'anthropic-version': '2023-06-01', 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'gpt-4o', max_tokens: 16, messages: [{ role: 'user', content: 'hi' }] }),
    });
    expect(response.status).toBe(200);
    await response.text();
    const text = await metricsText();
    expect(sampleValue(text, 'tollgate_relay_requests_total', { route: '/v1/messages', model: 'gpt-4o', channel: String(channel), status: '200', protocol: 'anthropic' })).toBe(1);
  });

  it('counts a failing upstream as an upstream error of its channel and the request with its status', async () => {
    const response = await chat('broken-model');
    expect(response.status).toBe(502);
    const text = await metricsText();
    expect(sampleValue(text, 'tollgate_upstream_errors_total', { channel: String(brokenChannel), kind: '5xx' })).toBe(1);
    expect(sampleValue(text, 'tollgate_relay_requests_total', { model: 'broken-model', channel: String(brokenChannel), status: '502' })).toBe(1);
    expect(sampleValue(text, 'tollgate_quota_total', { model: 'broken-model' })).toBeUndefined();
  });

  it('counts a request refused before any channel under channel "none"', async () => {
    const response = await fetch(`${f.url}/v1/chat/completions`, { method: 'POST', headers: { authorization: 'Bearer sk-wrong', 'content-type': 'application/json' }, body: '{}' });
    expect(response.status).toBe(401);
    const text = await metricsText();
    expect(sampleValue(text, 'tollgate_relay_requests_total', { model: 'none', channel: 'none', status: '401' })).toBe(1);
  });

  it('counts cache reloads and batched usage writes', async () => {
    await f.ctx.cacheSync.changed('channels');
    await f.flush();
    const text = await metricsText();
    expect(sampleValue(text, 'tollgate_cache_reloads_total', { cache: 'channels' })).toBeGreaterThanOrEqual(1);
    expect(sampleValue(text, 'tollgate_usage_writer_flush_duration_seconds_count', { result: 'ok' })).toBeGreaterThanOrEqual(1);
  });

  it('lets a feature register its own gauge, read at scrape time', async () => {
    let open = 2;
    f.ctx.metrics.extend((client, registry) => {
      new client.Gauge({
        name: 'tollgate_test_open_circuits',
        help: 'A feature gauge registered through metrics.extend.',
        registers: [registry],
        collect() {
          this.set(open);
        },
      });
    });
    expect(sampleValue(await metricsText(), 'tollgate_test_open_circuits')).toBe(2);
    open = 0;
    expect(sampleValue(await metricsText(), 'tollgate_test_open_circuits')).toBe(0);
  });

  it('shows the database pool where there is one (PostgreSQL, MySQL; SQLite has a single connection)', async () => {
    const text = await metricsText();
    if (kind === 'sqlite') return void expect(sampleValue(text, 'tollgate_db_pool_connections', { state: 'total' })).toBeUndefined();
    expect(sampleValue(text, 'tollgate_db_pool_connections', { state: 'total' })).toBeGreaterThanOrEqual(1);
    expect(sampleValue(text, 'tollgate_db_pool_connections', { state: 'waiting' })).toBe(0);
  });
});
