import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Config } from '../../config.js';
import type { AppContext } from '../../context.js';
import { databaseKinds } from '../../../test/databases.js';
import { FakeOpenAI } from '../../../test/fake-openai.js';
import { relayFixture, type RelayFixture } from '../../../test/relay-fixture.js';
import { channelTestRunner } from './channel-test-runner.js';
import { scheduleChannelTests } from './channel-test-schedule.js';

const MINUTE = 60_000;

describe.each(databaseKinds)('CHANNEL_TEST_FREQUENCY on %s', (kind) => {
  let f: RelayFixture;
  let upstream: FakeOpenAI;
  let channelId: number;
  const notices: string[] = [];
  let timer: NodeJS.Timeout | undefined;

  beforeAll(async () => {
    upstream = await new FakeOpenAI('scheduled').start();
    f = await relayFixture(kind);
    channelId = await f.addChannel({ name: 'scheduled', base_url: upstream.baseUrl, models: 'gpt-4o-mini' });
  });
  afterAll(async () => {
    await f.close();
    await upstream.stop();
  });
  afterEach(() => {
    clearInterval(timer);
    vi.useRealTimers();
  });

  /** The test app's context with other settings, and a root that records what it is told. */
  const nodeWith = (config: Partial<Config>): AppContext => ({
    ...f.ctx,
    config: { ...f.ctx.config, ...config },
    notifyRoot: async (title) => void notices.push(title),
  });
  // Only the interval is faked: the runs themselves do real database and HTTP work.
  const fakeInterval = () => vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });

  it('tests every channel each N minutes on the master, not at start, and sends no completion notice', async () => {
    fakeInterval();
    const node = nodeWith({ CHANNEL_TEST_FREQUENCY: 3, NODE_TYPE: 'master' });
    timer = scheduleChannelTests(node);
    expect(timer).toBeDefined();
    const runner = channelTestRunner(node);

    vi.advanceTimersByTime(3 * MINUTE - 1);
    expect(runner.running).toBe(false);
    expect(upstream.received).toHaveLength(0);

    vi.advanceTimersByTime(1);
    expect(runner.running).toBe(true);
    await vi.waitFor(async () => {
      await runner.idle();
      expect(upstream.received).toHaveLength(1);
    });
    expect(upstream.received[0]?.path).toBe('/v1/chat/completions');
    const row = await f.ctx.db.selectFrom('channels').select('test_time').where('id', '=', channelId).executeTakeFirstOrThrow();
    expect(row.test_time).toBeGreaterThan(0);

    vi.advanceTimersByTime(3 * MINUTE);
    await vi.waitFor(async () => {
      await runner.idle();
      expect(upstream.received).toHaveLength(2);
    });
    expect(notices).not.toContain('Channel test finished');
  });

  it('re-enables an automatically disabled channel that passes, never a manually disabled one, and closes a cooling circuit', async () => {
    await f.ctx.options.set('AutomaticEnableChannelEnabled', 'true');
    const manual = await f.addChannel({ name: 'manual', base_url: upstream.baseUrl, models: 'gpt-4o-mini', status: 2 });
    const auto = await f.addChannel({ name: 'auto', base_url: upstream.baseUrl, models: 'gpt-4o-mini', status: 3 });
    // The healthy scheduled channel's circuit was opened by transient failures meanwhile.
    await f.ctx.options.set('ChannelBreakerMinRequests', '1');
    f.ctx.relay.breakers.record(channelId, 'failure');
    expect(f.ctx.relay.breakers.view(channelId).state).toBe('open');

    fakeInterval();
    const node = nodeWith({ CHANNEL_TEST_FREQUENCY: 1, NODE_TYPE: 'master' });
    timer = scheduleChannelTests(node);
    vi.advanceTimersByTime(MINUTE);
    await vi.waitFor(() => expect(channelTestRunner(node).running).toBe(false));
    await channelTestRunner(node).idle();
    const status = async (id: number) => (await f.ctx.db.selectFrom('channels').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;
    expect(await status(manual)).toBe(2);
    expect(await status(auto)).toBe(1);
    expect(f.ctx.relay.breakers.view(channelId).state).toBe('closed');
    await f.removeChannel(manual);
    await f.removeChannel(auto);
  });

  it('schedules nothing on a slave or with frequency 0', () => {
    fakeInterval();
    const before = upstream.received.length;
    for (const config of [{ CHANNEL_TEST_FREQUENCY: 1, NODE_TYPE: 'slave' as const }, { CHANNEL_TEST_FREQUENCY: 0, NODE_TYPE: 'master' as const }]) {
      const node = nodeWith(config);
      expect(scheduleChannelTests(node)).toBeUndefined();
      vi.advanceTimersByTime(60 * MINUTE);
      expect(channelTestRunner(node).running).toBe(false);
    }
    expect(vi.getTimerCount()).toBe(0);
    expect(upstream.received.length).toBe(before);
  });
});
