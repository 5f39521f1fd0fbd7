import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ChannelView } from '@tollgate/contract';
import { eventually } from '../../../../test/eventually.js';
import { FakeOpenAI } from '../../../../test/fake-openai.js';
import { sampleValue } from '../../../../test/prometheus-text.js';
import { relayFixture, type RelayFixture } from '../../../../test/relay-fixture.js';

const FAILING = { fail: { status: 500, body: { error: { message: 'upstream overloaded', type: 'server_error', code: '' } } } };
const COOLDOWN_MS = 300;

// The breaker is process state beside the routing table: the database kind changes nothing, SQLite is enough.
describe('channel circuit breaker, through the relay', () => {
  let f: RelayFixture;
  let flaky: FakeOpenAI;
  let steady: FakeOpenAI;
  let key: string;

  beforeAll(async () => {
    flaky = await new FakeOpenAI('flaky').start();
    steady = await new FakeOpenAI('steady').start();
    f = await relayFixture('sqlite', { METRICS_ENABLED: 'true', METRICS_TOKEN: 'scrape' });
    key = await f.addKey(await f.addUser('breaker', 100_000_000));
    await f.ctx.options.set('RetryTimes', '1');
    await f.ctx.options.set('DefaultModelRatio', '1'); // the test's own model names have no price
    await f.ctx.options.set('ChannelBreakerMinRequests', '4');
    await f.ctx.options.set('ChannelBreakerErrorRate', '0.5');
    await f.ctx.options.set('ChannelBreakerCooldown', String(COOLDOWN_MS / 1000));
    await f.ctx.options.set('ChannelBreakerMaxCooldown', '10');
  });
  beforeEach(async () => {
    flaky.behaviour = FAILING;
    await cooldown(COOLDOWN_MS);
  });
  afterAll(async () => {
    await f.close();
    await flaky.stop();
    await steady.stop();
  });

  const chat = async (model: string, as = key) => {
    const response = await fetch(`${f.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer sk-${as}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model, messages: [{ role: 'user', content: 'hi' }] }),
    });
    const body = (await response.json()) as { choices?: { message: { content: string } }[]; error?: { message: string } };
    return { status: response.status, text: body.choices?.[0]?.message.content ?? body.error?.message };
  };
  /** The flaky channel first (priority 10), the steady one below it, for a model of the test's own. */
  const pair = async (model: string) => {
    const flakyId = await f.addChannel({ name: `flaky-${model}`, base_url: flaky.baseUrl, models: model, priority: 10 });
    await f.addChannel({ name: `steady-${model}`, base_url: steady.baseUrl, models: model });
    return flakyId;
  };
  /** Requests until the circuit opens: each meets the 500 and is retried on the steady channel. */
  const trip = async (model: string) => {
    for (let i = 0; i < 4; i += 1) expect(await chat(model)).toEqual({ status: 200, text: 'Hello from steady' });
  };
  const hits = () => flaky.received.length;
  /** Tests that look at an open circuit for a while use a long cooldown, so that a slow machine cannot end it under them. */
  const cooldown = (ms: number) => f.ctx.options.set('ChannelBreakerCooldown', String(ms / 1000));
  /** Waits out the cooldown: the breaker turns half-open when it ends, and routing may then probe. */
  const cooledDown = (id: number) => eventually(() => f.ctx.relay.breakers.view(id).state === 'half-open');
  const listed = async (id: number) => {
    const response = await f.app.inject({ method: 'GET', url: '/api/channel/?p=0', headers: { cookie: f.rootCookie } });
    return response.json<{ data: ChannelView[] }>().data.find((channel) => channel.id === id);
  };

  it('opens after the threshold, sends the traffic to the other channel, and shows it in the channel list', async () => {
    await cooldown(30_000);
    const id = await pair('m-open');
    expect((await listed(id))?.breaker).toEqual({ state: 'closed', until: 0 });
    const before = hits();
    await trip('m-open');
    expect(hits() - before).toBe(4);
    const burst = await Promise.all(Array.from({ length: 8 }, () => chat('m-open')));
    expect(burst.every((answer) => answer.text === 'Hello from steady')).toBe(true);
    expect(hits() - before).toBe(4);
    const shown = await listed(id);
    expect(shown?.status).toBe(1); // a routing-time state: the stored status is untouched
    expect(shown?.breaker.state).toBe('open');
    expect(shown?.breaker.until).toBeGreaterThanOrEqual(Math.floor(Date.now() / 1000));
    expect(f.ctx.relay.breakers.states()).toContainEqual({ channelId: id, state: 'open' });
    const scraped = await f.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer scrape' } });
    expect(sampleValue(scraped.body, 'tollgate_channel_circuit', { channel: String(id), state: 'open' })).toBe(1);
  });

  it('closes when the one probe after the cooldown succeeds', async () => {
    const id = await pair('m-close');
    await trip('m-close');
    await cooledDown(id);
    flaky.behaviour = {};
    const before = hits();
    expect(await chat('m-close')).toEqual({ status: 200, text: 'Hello from flaky' });
    expect((await listed(id))?.breaker.state).toBe('closed');
    // Closed: the higher tier takes the traffic again.
    expect(await chat('m-close')).toEqual({ status: 200, text: 'Hello from flaky' });
    expect(hits() - before).toBe(2);
  });

  it('reopens when the probe fails, for a longer cooldown', async () => {
    await cooldown(500);
    const id = await pair('m-reopen');
    await trip('m-reopen');
    const firstUntil = (await listed(id))!.breaker.until;
    await cooledDown(id);
    const before = hits();
    expect(await chat('m-reopen')).toEqual({ status: 200, text: 'Hello from steady' }); // the probe failed, retried below
    expect(hits() - before).toBe(1);
    expect((await listed(id))?.breaker.state).toBe('open');
    // The second cooldown is twice the first: after the first's length it is still skipped. The length of
    // time is what is asserted, and nothing happens when it passes: this is the one wait on the clock.
    await sleep(550);
    expect(await chat('m-reopen')).toEqual({ status: 200, text: 'Hello from steady' });
    expect(hits() - before).toBe(1);
    expect((await listed(id))!.breaker.until).toBeGreaterThanOrEqual(firstUntil);
  });

  it('sends a single probe while many requests arrive at once in half-open', async () => {
    const id = await pair('m-probe');
    await trip('m-probe');
    await cooledDown(id);
    // The probe answers slowly, so every other request arrives while it is in flight.
    flaky.behaviour = { delayMs: 300 };
    const before = hits();
    const answers = await Promise.all(Array.from({ length: 10 }, () => chat('m-probe')));
    expect(hits() - before).toBe(1);
    expect(answers.filter((answer) => answer.text === 'Hello from flaky')).toHaveLength(1);
    expect(answers.filter((answer) => answer.text === 'Hello from steady')).toHaveLength(9);
  });

  it('frees the probe of a request refused before it was sent, for the next request', async () => {
    const broke = await f.addKey(await f.addUser('broke', 0));
    const id = await pair('m-refused');
    await trip('m-refused');
    await cooledDown(id);
    flaky.behaviour = {};
    const before = hits();
    expect((await chat('m-refused', broke)).status).toBe(403); // picked the probe, then its quota was refused
    expect(hits() - before).toBe(0);
    expect(await chat('m-refused')).toEqual({ status: 200, text: 'Hello from flaky' });
  });

  it('still tries a cooling channel when nothing else serves the model, rather than answer 503', async () => {
    await cooldown(30_000);
    const id = await f.addChannel({ name: 'alone', base_url: flaky.baseUrl, models: 'm-alone' });
    for (let i = 0; i < 4; i += 1) expect((await chat('m-alone')).status).toBe(500);
    expect((await listed(id))?.breaker.state).toBe('open');
    const before = hits();
    expect((await chat('m-alone')).status).toBe(500);
    expect(hits() - before).toBe(1);
    // A success of such a request is proof enough: the circuit closes.
    flaky.behaviour = {};
    expect(await chat('m-alone')).toEqual({ status: 200, text: 'Hello from flaky' });
    expect((await listed(id))?.breaker.state).toBe('closed');
  });

  it('does not count request faults or key errors against the channel', async () => {
    const id = await pair('m-faults');
    flaky.behaviour = { fail: { status: 400, body: { error: { message: 'bad request', type: 'invalid_request_error', code: '' } } } };
    for (let i = 0; i < 6; i += 1) expect((await chat('m-faults')).status).toBe(400);
    flaky.behaviour = { fail: { status: 401, body: { error: { message: 'Incorrect API key provided', type: 'invalid_request_error', code: 'invalid_api_key' } } } };
    for (let i = 0; i < 6; i += 1) await chat('m-faults');
    expect((await listed(id))?.breaker.state).toBe('closed');
  });

  it('routes as before when ChannelBreakerEnabled is off', async () => {
    await f.ctx.options.set('ChannelBreakerEnabled', 'false');
    try {
      await pair('m-off');
      const before = hits();
      for (let i = 0; i < 8; i += 1) expect((await chat('m-off')).text).toBe('Hello from steady');
      expect(hits() - before).toBe(8);
    } finally {
      await f.ctx.options.set('ChannelBreakerEnabled', 'true');
    }
  });
});
