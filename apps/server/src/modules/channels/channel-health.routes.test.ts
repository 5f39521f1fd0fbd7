import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from '../../../test/databases.js';
import { FakeOpenAI } from '../../../test/fake-openai.js';
import { relayFixture, type RelayFixture } from '../../../test/relay-fixture.js';
import { channelTestRunner } from './channel-test-runner.js';

describe.each(databaseKinds)('channel tests and balances on %s', (kind) => {
  let f: RelayFixture;
  let upstream: FakeOpenAI;
  /** Titles of the notices sent to root. */
  const notices: string[] = [];

  beforeAll(async () => {
    upstream = await new FakeOpenAI('health').start();
    f = await relayFixture(kind);
    f.ctx.notifyRoot = async (title) => void notices.push(title);
  });
  afterAll(async () => {
    await f.close();
    await upstream.stop();
  });
  afterEach(async () => {
    upstream.behaviour = {};
    await f.ctx.options.set('AutomaticDisableChannelEnabled', 'false');
    await f.ctx.options.set('AutomaticEnableChannelEnabled', 'false');
    await f.ctx.options.set('ChannelDisableThreshold', '5');
    notices.length = 0;
  });

  const get = (url: string) => f.app.inject({ method: 'GET', url, headers: { cookie: f.rootCookie } }).then((r) => r.json());
  const channel = (id: number) => f.ctx.db.selectFrom('channels').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  it('tests a channel with a real request and answers {success, message, time, model} at the top level', async () => {
    const id = await f.addChannel({ name: 'tested', base_url: upstream.baseUrl, models: 'gpt-4o-mini,gpt-3.5-turbo' });
    const result = await get(`/api/channel/test/${id}`);
    expect(result).toMatchObject({ success: true, message: 'Hello from health', model: 'gpt-4o-mini', modelName: 'gpt-4o-mini' });
    expect(typeof result.time).toBe('number');
    expect(upstream.received.at(-1)?.json).toMatchObject({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'Output only your specific model name with no additional text.' }] });
    expect((await get(`/api/channel/test/${id}?model=gpt-3.5-turbo`)).model).toBe('gpt-3.5-turbo');
    // A model the channel does not serve falls back to the default choice.
    expect((await get(`/api/channel/test/${id}?model=claude-3-opus-20240229`)).model).toBe('gpt-4o-mini');
    const row = await channel(id);
    expect(row.test_time).toBeGreaterThan(0);
    const log = await f.ctx.db.selectFrom('logs').selectAll().where('type', '=', 5).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(log).toMatchObject({ channel_id: id, model_name: 'gpt-4o-mini' });
  });

  it('tests with the newest current model of the channel, not a retired name its list starts with', async () => {
    // one-api's Anthropic list starts with claude-instant-1.2, which Anthropic no longer serves; a dated id counts.
    const claude = await f.addChannel({ name: 'old-claude', type: 14, base_url: upstream.baseUrl, models: 'claude-instant-1.2,claude-2.1,claude-3-5-haiku-20241022,claude-sonnet-4-5-20250929' });
    expect((await get(`/api/channel/test/${claude}`)).model).toBe('claude-sonnet-4-5-20250929');
    // The source still prices gemini-pro, which Google no longer serves: newest first, not the list's order.
    const gemini = await f.addChannel({ name: 'old-gemini', type: 24, base_url: upstream.baseUrl, models: 'gemini-pro,gemini-1.0-pro,gemini-1.5-flash,gemini-2.5-flash' });
    expect((await get(`/api/channel/test/${gemini}`)).model).toBe('gemini-2.5-flash');
    // Names the source does not know (a self-hosted model) leave the channel's first model.
    const own = await f.addChannel({ name: 'own-models', base_url: upstream.baseUrl, models: 'my-llama,my-qwen' });
    expect((await get(`/api/channel/test/${own}`)).model).toBe('my-llama');
    for (const id of [claude, gemini, own]) await f.removeChannel(id);
  });

  it('reports a failure with the upstream status and message; only a run over the channels disables on a 401', async () => {
    const id = await f.addChannel({ name: 'badkey', base_url: upstream.baseUrl, models: 'gpt-4o-mini' });
    upstream.behaviour = { fail: { status: 401, body: { error: { message: 'Incorrect API key provided', code: 'invalid_api_key' } } } };
    const result = await get(`/api/channel/test/${id}`);
    expect(result).toMatchObject({ success: false, message: 'http status code 401, error message: Incorrect API key provided' });
    expect((await channel(id)).status).toBe(1);
    await f.ctx.options.set('AutomaticDisableChannelEnabled', 'true');
    // Testing one channel reports, as one-api's test does.
    expect((await get(`/api/channel/test/${id}`)).success).toBe(false);
    expect((await channel(id)).status).toBe(1);
    expect(await channelTestRunner(f.ctx).start('all', 'console')).toBe(true);
    await channelTestRunner(f.ctx).idle();
    expect((await channel(id)).status).toBe(3);
    await f.removeChannel(id);
    upstream.behaviour = {};
  });

  it('never re-enables a channel from a test of that channel alone', async () => {
    await f.ctx.options.set('AutomaticEnableChannelEnabled', 'true');
    const auto = await f.addChannel({ name: 'auto-single', base_url: upstream.baseUrl, models: 'gpt-4o-mini', status: 3 });
    expect((await get(`/api/channel/test/${auto}`)).success).toBe(true);
    expect((await channel(auto)).status).toBe(3);
    await f.removeChannel(auto);
  });

  it('re-enables an automatically disabled channel that passes, but never a manually disabled one', async () => {
    await f.ctx.options.set('AutomaticEnableChannelEnabled', 'true');
    // Answers slow enough that the run is still going when the second start is asked for, however fast the machine.
    upstream.behaviour = { delayMs: 300 };
    const auto = await f.addChannel({ name: 'auto', base_url: upstream.baseUrl, models: 'gpt-4o-mini', status: 3 });
    const manual = await f.addChannel({ name: 'manual', base_url: upstream.baseUrl, models: 'gpt-4o-mini', status: 2 });
    const first = channelTestRunner(f.ctx).start('disabled', 'console');
    expect(await channelTestRunner(f.ctx).start('all', 'console')).toBe(false);
    expect(await first).toBe(true);
    expect(await get('/api/channel/test?scope=all')).toEqual({ success: false, message: 'a channel test is already running' });
    await channelTestRunner(f.ctx).idle();
    expect((await channel(auto)).status).toBe(1);
    expect((await channel(manual)).status).toBe(2);
    // The re-enabled channel is routable again at once.
    expect(f.ctx.relay.channels.table.select('default', 'gpt-4o-mini')).toBeDefined();
    expect((await get('/api/channel/test?scope=all')).success).toBe(true);
    await channelTestRunner(f.ctx).idle();
  });

  it('treats a test slower than ChannelDisableThreshold as a failure: it disables, and never re-enables', async () => {
    const slowUpstream = await new FakeOpenAI('slow').start();
    try {
      slowUpstream.behaviour = { delayMs: 400 };
      await f.ctx.options.set('ChannelDisableThreshold', '0.2');
      const enabled = await f.addChannel({ name: 'slow-enabled', base_url: slowUpstream.baseUrl, models: 'gpt-4o-mini' });
      const auto = await f.addChannel({ name: 'slow-auto', base_url: slowUpstream.baseUrl, models: 'gpt-4o-mini', status: 3 });

      // Auto-disable off: the channel stays, the test fails and root hears it is slow.
      const result = await get(`/api/channel/test/${enabled}`);
      expect(result).toMatchObject({ success: false, message: expect.stringMatching(/^the test took 0\.\d\d s, over the 0\.2 s threshold; the reply was: Hello from slow$/) });
      expect(result.time).toBeGreaterThan(0.2);
      expect((await channel(enabled)).status).toBe(1);
      expect(notices).toEqual([]);
      // A run over the channels tells root it is slow.
      expect(await channelTestRunner(f.ctx).start('all', 'console')).toBe(true);
      await channelTestRunner(f.ctx).idle();
      expect((await channel(enabled)).status).toBe(1);
      expect(notices).toContain(`Channel "slow-enabled" (#${enabled}) is slow`);

      await f.ctx.options.set('AutomaticDisableChannelEnabled', 'true');
      await f.ctx.options.set('AutomaticEnableChannelEnabled', 'true');
      expect(await channelTestRunner(f.ctx).start('all', 'console')).toBe(true);
      await channelTestRunner(f.ctx).idle();
      expect((await channel(enabled)).status).toBe(3);
      expect(f.ctx.relay.channels.table.channel(enabled)?.status).toBe(3);
      // A correct but slow reply does not bring an automatically disabled channel back.
      expect((await channel(auto)).status).toBe(3);

      // Again over the disabled channels, then a fast reply re-enables both.
      expect(await channelTestRunner(f.ctx).start('disabled', 'console')).toBe(true);
      await channelTestRunner(f.ctx).idle();
      expect([(await channel(enabled)).status, (await channel(auto)).status]).toEqual([3, 3]);
      slowUpstream.behaviour = {};
      expect(await channelTestRunner(f.ctx).start('disabled', 'console')).toBe(true);
      await channelTestRunner(f.ctx).idle();
      expect([(await channel(enabled)).status, (await channel(auto)).status]).toEqual([1, 1]);
      await f.removeChannel(enabled);
      await f.removeChannel(auto);
    } finally {
      await slowUpstream.stop();
    }
  });

  it('tells root a console run finished, but not a scheduled one', async () => {
    expect(await channelTestRunner(f.ctx).start('all', 'schedule')).toBe(true);
    await channelTestRunner(f.ctx).idle();
    expect(notices.filter((title) => title === 'Channel test finished')).toEqual([]);
    expect((await get('/api/channel/test')).success).toBe(true);
    await channelTestRunner(f.ctx).idle();
    expect(notices.filter((title) => title === 'Channel test finished')).toEqual(['Channel test finished']);
  });

  it('reads the balance of OpenAI channels and refuses types without a balance source', async () => {
    const id = await f.addChannel({ name: 'paid', base_url: upstream.baseUrl, models: 'gpt-4o-mini' });
    expect(await get(`/api/channel/update_balance/${id}/`)).toEqual({ success: true, message: '', balance: 75 });
    expect((await channel(id)).balance).toBe(75);
    const anthropic = await f.addChannel({ name: 'claude', type: 14, base_url: upstream.baseUrl, models: 'claude-3-haiku-20240307' });
    expect(await get(`/api/channel/update_balance/${anthropic}`)).toMatchObject({ success: false, message: 'balance lookup is not supported for this channel type' });
  });
});
