import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from '../../test/databases.js';
import { FakeOpenAI } from '../../test/fake-openai.js';
import { unusedPort } from '../../test/in-flight-traffic.js';
import { relayFixture, type RelayFixture } from '../../test/relay-fixture.js';

describe.each(databaseKinds)('routing, retries and health on %s', (kind) => {
  let f: RelayFixture;
  const upstreams: Record<string, FakeOpenAI> = {};
  let key: string;
  let adminKey: string;

  beforeAll(async () => {
    for (const name of ['high', 'low', 'other']) upstreams[name] = await new FakeOpenAI(name).start();
    f = await relayFixture(kind);
    const userId = await f.addUser('router', 100_000_000);
    key = await f.addKey(userId);
    adminKey = await f.addKey(1);
  });
  afterAll(async () => {
    await f.close();
    for (const upstream of Object.values(upstreams)) await upstream.stop();
  });
  afterEach(async () => {
    for (const upstream of Object.values(upstreams)) upstream.behaviour = {};
    await f.ctx.options.set('RetryTimes', '0');
    await f.ctx.options.set('AutomaticDisableChannelEnabled', 'false');
  });

  const chat = (model: string, apiKey = key) =>
    fetch(`${f.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer sk-${apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model, messages: [{ role: 'user', content: 'hi' }] }),
    });
  const answeredBy = async (response: Response) => ((await response.json()) as { choices: { message: { content: string } }[] }).choices[0]?.message.content;

  it('serves the highest priority tier and falls through to lower tiers on retryable failures', async () => {
    await f.addChannel({ name: 'high', base_url: upstreams.high?.baseUrl, models: 'gpt-4o', priority: 10 });
    await f.addChannel({ name: 'low', base_url: upstreams.low?.baseUrl, models: 'gpt-4o', priority: 1 });
    for (let i = 0; i < 5; i += 1) expect(await answeredBy(await chat('gpt-4o'))).toBe('Hello from high');

    upstreams.high!.behaviour = { fail: { status: 500, body: { error: { message: 'boom', type: 'server_error' } } } };
    const failing = await chat('gpt-4o');
    expect(failing.status).toBe(500);
    expect(await failing.json()).toMatchObject({ error: { message: expect.stringMatching(/^boom \(request id: \d+\)$/) } });

    await f.ctx.options.set('RetryTimes', '3');
    const before = upstreams.high!.received.length;
    expect(await answeredBy(await chat('gpt-4o'))).toBe('Hello from low');
    // The failed channel was tried once, never twice.
    expect(upstreams.high!.received.length - before).toBe(1);
  });

  it('falls through to the next channel when a channel refuses connections', async () => {
    await f.addChannel({ name: 'refusing', base_url: `http://127.0.0.1:${await unusedPort()}`, models: 'gpt-4o-2024-05-13', priority: 10 });
    await f.addChannel({ name: 'listening', base_url: upstreams.low?.baseUrl, models: 'gpt-4o-2024-05-13', priority: 1 });
    // Without retries the client hears the connection failure, so the channel above really is unreachable.
    const refused = await chat('gpt-4o-2024-05-13');
    expect(refused.status).toBe(502);
    expect(await refused.json()).toMatchObject({ error: { code: 'do_request_failed', type: 'upstream_error' } });

    await f.ctx.options.set('RetryTimes', '1');
    const response = await chat('gpt-4o-2024-05-13');
    expect(response.status).toBe(200);
    expect(await answeredBy(response)).toBe('Hello from low');
  });

  it('tries the rest of the top tier before a lower tier, each channel once, and never retries a 400', async () => {
    const model = 'gpt-4o-2024-11-20';
    // Two top-tier channels on one fake (told apart by path), one lower-tier channel on another.
    await f.addChannel({ name: 'top-a', base_url: `${upstreams.high?.baseUrl}/top-a`, models: model, priority: 20 });
    await f.addChannel({ name: 'top-b', base_url: `${upstreams.high?.baseUrl}/top-b`, models: model, priority: 20 });
    await f.addChannel({ name: 'bottom', base_url: upstreams.low?.baseUrl, models: model, priority: 5 });
    const hits = () => ({
      a: upstreams.high!.received.filter((r) => r.path.startsWith('/top-a/')).length,
      b: upstreams.high!.received.filter((r) => r.path.startsWith('/top-b/')).length,
      bottom: upstreams.low!.received.filter((r) => r.json?.model === model).length,
    });
    upstreams.high!.behaviour = { fail: { status: 500, body: { error: { message: 'top tier down', type: 'server_error' } } } };
    await f.ctx.options.set('RetryTimes', '3');
    // The lower tier answers, which ends the loop: had it been tried before the second top channel, that one
    // would show no hit. Several rounds, so a random pick across tiers would not pass by luck.
    for (let round = 1; round <= 4; round += 1) {
      const response = await chat(model);
      expect(response.status).toBe(200);
      expect(await answeredBy(response)).toBe('Hello from low');
      expect(hits()).toEqual({ a: round, b: round, bottom: round });
    }

    upstreams.high!.behaviour = { fail: { status: 400, body: { error: { message: 'bad request', type: 'invalid_request_error' } } } };
    const before = hits();
    const refused = await chat(model);
    expect(refused.status).toBe(400);
    const after = hits();
    expect(after.a - before.a + (after.b - before.b)).toBe(1);
    expect(after.bottom).toBe(before.bottom);
  });

  it('falls through to the next channel when an upstream sends no headers within RELAY_TIMEOUT', async () => {
    const timed = await relayFixture(kind, { RELAY_TIMEOUT: '1' });
    try {
      await timed.addChannel({ name: 'slow', base_url: upstreams.high?.baseUrl, models: 'gpt-4o', priority: 10 });
      await timed.addChannel({ name: 'prompt', base_url: upstreams.low?.baseUrl, models: 'gpt-4o', priority: 1 });
      const timedKey = await timed.addKey(await timed.addUser('impatient', 100_000_000));
      upstreams.high!.behaviour = { delayMs: 4000 };
      const slowBefore = upstreams.high!.received.length;
      const ask = () =>
        fetch(`${timed.url}/v1/chat/completions`, {
          method: 'POST',
          headers: { authorization: `Bearer sk-${timedKey}`, 'content-type': 'application/json' },
          body: JSON.stringify({ model: 'gpt-4o', messages: [{ role: 'user', content: 'hi' }] }),
        });
      const gaveUp = await ask();
      expect(gaveUp.status).toBe(504);
      expect(await gaveUp.json()).toMatchObject({ error: { code: 'do_request_failed', message: expect.stringMatching(/^upstream timed out/) as unknown } });

      await timed.ctx.options.set('RetryTimes', '1');
      const response = await ask();
      // The slow upstream would answer after four seconds: the answer coming from the other one shows the wait was cut.
      expect(await answeredBy(response)).toBe('Hello from low');
      expect(upstreams.high!.received.length - slowBefore).toBe(2);
    } finally {
      await timed.close();
    }
  });

  it('does not retry a 400: the request itself is wrong', async () => {
    await f.ctx.options.set('RetryTimes', '3');
    upstreams.high!.behaviour = { fail: { status: 400, body: { error: { message: 'bad request', type: 'invalid_request_error' } } } };
    const lowBefore = upstreams.low!.received.length;
    const response = await chat('gpt-4o');
    expect(response.status).toBe(400);
    expect(upstreams.low!.received.length).toBe(lowBefore);
  });

  it('says the group is saturated when every channel answered 429', async () => {
    await f.ctx.options.set('RetryTimes', '3');
    for (const name of ['high', 'low'] as const) upstreams[name]!.behaviour = { fail: { status: 429, body: { error: { message: 'slow down' } } } };
    const response = await chat('gpt-4o');
    expect(response.status).toBe(429);
    expect(((await response.json()) as { error: { message: string } }).error.message).toMatch(/saturated/);
  });

  it('routes a mapped model by its public and its upstream name, sending the upstream name', async () => {
    await f.addChannel({ name: 'mapped', base_url: upstreams.other?.baseUrl, models: 'gpt-3.5-turbo', model_mapping: '{"gpt-3.5-turbo":"gpt-4o-mini"}', group: 'default' });
    expect(await answeredBy(await chat('gpt-3.5-turbo'))).toBe('Hello from other');
    expect(upstreams.other!.received.at(-1)?.json?.model).toBe('gpt-4o-mini');
    // Unknown fields survive the rewrite.
    await fetch(`${f.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer sk-${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'gpt-3.5-turbo', messages: [{ role: 'user', content: 'x' }], vendor_flag: { deep: true } }),
    });
    expect(upstreams.other!.received.at(-1)?.json).toMatchObject({ model: 'gpt-4o-mini', vendor_flag: { deep: true } });
    expect(await answeredBy(await chat('gpt-4o-mini'))).toBe('Hello from other');
  });

  it('injects the channel system prompt and records it in the log', async () => {
    await f.addChannel({ name: 'prompted', base_url: upstreams.other?.baseUrl, models: 'gpt-4o-2024-08-06', system_prompt: 'Be brief.' });
    await chat('gpt-4o-2024-08-06');
    expect(upstreams.other!.received.at(-1)?.json?.messages).toEqual([
      { role: 'system', content: 'Be brief.' },
      { role: 'user', content: 'hi' },
    ]);
    await f.flush();
    const log = await f.ctx.db.selectFrom('logs').select('system_prompt_reset').where('model_name', '=', 'gpt-4o-2024-08-06').executeTakeFirstOrThrow();
    expect(Boolean(log.system_prompt_reset)).toBe(true);
  });

  it('passes over channels whose protocol lacks the endpoint, even in a higher tier', async () => {
    await f.addChannel({ name: 'claude-tier', type: 14, base_url: 'http://127.0.0.1:9', models: 'shared-embedder', priority: 50 });
    await f.addChannel({ name: 'openai-tier', base_url: upstreams.other?.baseUrl, models: 'shared-embedder', priority: 1 });
    await f.ctx.options.set('ModelRatio', JSON.stringify({ 'shared-embedder': 1 }));
    const response = await fetch(`${f.url}/v1/embeddings`, {
      method: 'POST',
      headers: { authorization: `Bearer sk-${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'shared-embedder', input: 'hi' }),
    });
    expect(response.status).toBe(200);
    expect(upstreams.other!.received.at(-1)?.path).toBe('/v1/embeddings');
    await f.ctx.options.set('ModelRatio', '{}');
  });

  it('answers 404 model_not_found naming the model and group when no channel serves them', async () => {
    const response = await chat('gpt-4-32k');
    expect(response.status).toBe(404);
    const { error } = (await response.json()) as { error: { message: string; code: string; type: string } };
    expect(error.message).toMatch(/^no available channel for model gpt-4-32k under group default/);
    expect(error).toMatchObject({ code: 'model_not_found', type: 'invalid_request_error' });
  });

  it('lets an admin key pin a channel, and refuses a pin from a normal user', async () => {
    const otherId = await f.addChannel({ name: 'pinned', base_url: upstreams.other?.baseUrl, models: 'unrelated-model' });
    expect(await answeredBy(await chat('gpt-4o', `${adminKey}-${otherId}`))).toBe('Hello from other');
    const refused = await chat('gpt-4o', `${key}-${otherId}`);
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toMatch(/normal users cannot specify a channel/);
    expect((await chat('gpt-4o', `${adminKey}-abc`)).status).toBe(400);
  });

  it('disables a channel on a 401 when auto-disable is on, and routing stops using it at once', async () => {
    await f.ctx.options.set('AutomaticDisableChannelEnabled', 'true');
    await f.ctx.options.set('RetryTimes', '2');
    upstreams.high!.behaviour = { fail: { status: 401, body: { error: { message: 'Incorrect API key provided', type: 'invalid_request_error', code: 'invalid_api_key' } } } };
    expect(await answeredBy(await chat('gpt-4o'))).toBe('Hello from low');
    const high = await f.ctx.db.selectFrom('channels').select(['id', 'status']).where('name', '=', 'high').executeTakeFirstOrThrow();
    await expect.poll(async () => (await f.ctx.db.selectFrom('channels').select('status').where('id', '=', high.id).executeTakeFirstOrThrow()).status).toBe(3);
    await expect.poll(() => f.ctx.relay.channels.table.channel(high.id)?.status).toBe(3);
    const before = upstreams.high!.received.length;
    expect(await answeredBy(await chat('gpt-4o'))).toBe('Hello from low');
    expect(upstreams.high!.received.length).toBe(before);
  });

  it('disables on quota messages but leaves a manually disabled channel alone', async () => {
    await f.ctx.options.set('AutomaticDisableChannelEnabled', 'true');
    const id = await f.addChannel({ name: 'broke', base_url: upstreams.other?.baseUrl, models: 'gpt-4-turbo' });
    upstreams.other!.behaviour = { fail: { status: 429, body: { error: { message: 'You exceeded your current quota, please check your plan and billing details. Your credit balance is too low', type: 'insufficient_quota' } } } };
    expect((await chat('gpt-4-turbo')).status).toBe(429);
    await expect.poll(async () => (await f.ctx.db.selectFrom('channels').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status).toBe(3);

    const manual = await f.addChannel({ name: 'manual', base_url: upstreams.other?.baseUrl, models: 'gpt-4-0613', status: 2 });
    // A model whose only channel is disabled is served by no channel: a 404, as for an unknown model.
    expect((await chat('gpt-4-0613')).status).toBe(404);
    expect((await f.ctx.db.selectFrom('channels').select('status').where('id', '=', manual).executeTakeFirstOrThrow()).status).toBe(2);
  });
});

// Its refusals read the key's owner and channels from the database, and "unbilled" is checked in its log table.
describe.each(databaseKinds)('the raw proxy for Proxy channels on %s', (kind) => {
  it('forwards anything to a Proxy channel with its key, for admin keys only, unbilled', async () => {
    const upstream = await new FakeOpenAI('raw').start();
    const f = await relayFixture(kind);
    try {
      const proxyId = await f.addChannel({ name: 'raw', type: 43, key: 'raw-secret', base_url: `${upstream.baseUrl}/v1`, models: '' });
      const adminKey = await f.addKey(1);
      const userKey = await f.addKey(await f.addUser('proxyuser', 1000));
      const call = (key: string) =>
        fetch(`${f.url}/v1/oneapi/proxy/${proxyId}/embeddings?x=1`, { method: 'POST', headers: { authorization: `Bearer sk-${key}`, 'content-type': 'application/json', 'x-custom': 'kept' }, body: JSON.stringify({ model: 'anything', input: 'a' }) });
      const ok = await call(adminKey);
      expect(ok.status).toBe(200);
      expect(((await ok.json()) as { object: string }).object).toBe('list');
      const sent = upstream.received.at(-1);
      expect(sent?.path).toBe('/v1/embeddings?x=1');
      expect(sent?.headers.authorization).toBe('raw-secret');
      expect(sent?.headers['x-custom']).toBe('kept');
      expect((await call(userKey)).status).toBe(403);
      await f.flush();
      expect(await f.ctx.db.selectFrom('logs').select('id').where('type', '=', 2).execute()).toHaveLength(0);
    } finally {
      await f.close();
      await upstream.stop();
    }
  });

  it('passes Proxy channels over on /v1 routes, and refuses to test them without disabling them', async () => {
    const upstream = await new FakeOpenAI('raw').start();
    const openai = await new FakeOpenAI('openai').start();
    const f = await relayFixture(kind);
    try {
      await f.ctx.options.set('AutomaticDisableChannelEnabled', 'true');
      const proxyId = await f.addChannel({ name: 'raw', type: 43, key: 'raw-secret', base_url: `${upstream.baseUrl}/v1`, models: 'gpt-4o,proxy-only', priority: 10 });
      await f.addChannel({ name: 'openai', base_url: openai.baseUrl, models: 'gpt-4o', priority: 0 });
      const adminKey = await f.addKey(1);
      const chat = (model: string) => f.client(adminKey).chat.completions.create({ model, messages: [{ role: 'user', content: 'hi' }] });
      expect((await chat('gpt-4o')).choices[0]?.message.content).toBe('Hello from openai');
      expect(await chat('proxy-only').catch((error: unknown) => error)).toMatchObject({ status: 400, code: 'mode_not_supported' });
      expect(upstream.received).toHaveLength(0);
      const test = await f.app.inject({ method: 'GET', url: `/api/channel/test/${proxyId}`, headers: { cookie: f.rootCookie } });
      expect(test.json()).toMatchObject({ success: false, message: expect.stringContaining('raw route') as unknown });
      expect((await f.ctx.db.selectFrom('channels').select('status').where('id', '=', proxyId).executeTakeFirstOrThrow()).status).toBe(1);
      const raw = await fetch(`${f.url}/v1/oneapi/proxy/${proxyId}/chat/completions`, { method: 'POST', headers: { authorization: `Bearer sk-${adminKey}`, 'content-type': 'application/json' }, body: JSON.stringify({ model: 'gpt-4o', messages: [] }) });
      expect(((await raw.json()) as { choices: { message: { content: string } }[] }).choices[0]?.message.content).toBe('Hello from raw');
    } finally {
      await f.close();
      await upstream.stop();
      await openai.stop();
    }
  });
});
