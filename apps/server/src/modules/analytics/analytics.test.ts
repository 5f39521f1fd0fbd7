import { AnalyticsChannelsSchema, AnalyticsMessages, AnalyticsSummarySchema, AnalyticsTopSchema, renderMessage, Role, type MessageCode } from '@tollgate/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from '../../../test/databases.js';
import { addRollups, rollupRow } from '../../../test/seed-rollups.js';
import { buildTestApp, login, type TestApp } from '../../../test/test-app.js';
import { signedInUser } from '../../../test/users.js';
import { insertToken } from '../tokens/tokens.repository.js';

/** A refusal's English text, as a request without Accept-Language gets it. */
const english = (code: MessageCode) => renderMessage({ code }, 'en');

/** A Monday, 00:00 UTC. */
const T0 = 1_700_438_400;
const H = 3600;

describe.each(databaseKinds)('/api/analytics on %s', (kind) => {
  let t: TestApp;
  let root: string;
  let alice: { id: number; cookie: string };
  let bob: { id: number; cookie: string };
  let aliceKey: number;
  let bobKey: number;
  let channelA: number;
  let channelB: number;

  const get = async (url: string, cookie = root) => (await t.app.inject({ method: 'GET', url, headers: { cookie } })).json<{ success: boolean; message: string; data: unknown }>();
  const range = (start: number, end: number, extra = '') => `start=${start}&end=${end}${extra}`;

  beforeAll(async () => {
    t = await buildTestApp(kind, { CRITICAL_RATE_LIMIT: '0', GLOBAL_API_RATE_LIMIT: '0' });
    root = await login(t.app, 'root', '123456');
    const a = await signedInUser(t, 'alice');
    const b = await signedInUser(t, 'bob');
    alice = { id: a.user.id, cookie: a.cookie };
    bob = { id: b.user.id, cookie: b.cookie };
    aliceKey = await insertToken(t.ctx.db, t.ctx.dialect, { userId: alice.id, name: 'alice-ci', key: 'a'.repeat(48), unlimitedQuota: true });
    bobKey = await insertToken(t.ctx.db, t.ctx.dialect, { userId: bob.id, name: 'bob-app', key: 'b'.repeat(48), unlimitedQuota: true });
    const addChannel = async (name: string) =>
      (await t.app.inject({ method: 'POST', url: '/api/channel/', headers: { cookie: root }, payload: { type: 1, key: 'k', name, models: 'gpt-4o', group: 'default' } })).json<{ data: number }>().data;
    channelA = await addChannel('alpha');
    channelB = await addChannel('beta');
    await addRollups(t.ctx.db, t.ctx.dialect, [
      // Alice on channel alpha: hours 0 and 1 of day one; 100 answers between 200 and 400 ms.
      rollupRow({ hour: T0, user_id: alice.id, token_id: aliceKey, channel_id: channelA, model: 'gpt-4o', requests: 60, errors: 0, quota: 600, prompt_tokens: 1000, completion_tokens: 500, latency_ms_sum: 18_000, latency_count: 60, latency_le_400: 60 }),
      rollupRow({ hour: T0 + H, user_id: alice.id, token_id: aliceKey, channel_id: channelA, model: 'gpt-4o', requests: 40, errors: 0, quota: 400, prompt_tokens: 800, completion_tokens: 200, latency_ms_sum: 12_000, latency_count: 40, latency_le_400: 40 }),
      // Bob on channel beta, day two: 10 requests of which 5 failed, cheap but many requests of another model.
      rollupRow({ hour: T0 + 25 * H, user_id: bob.id, token_id: bobKey, channel_id: channelB, model: 'claude', requests: 10, errors: 5, quota: 50, prompt_tokens: 100, completion_tokens: 10, cache_read_tokens: 40, latency_ms_sum: 5000, latency_count: 5, latency_le_1000: 5 }),
      rollupRow({ hour: T0 + 26 * H, user_id: bob.id, token_id: bobKey, channel_id: channelB, model: 'mini', requests: 300, errors: 0, quota: 30, latency_ms_sum: 30_000, latency_count: 300, latency_le_100: 300 }),
      // Outside every range asked below.
      rollupRow({ hour: T0 + 72 * H, user_id: alice.id, token_id: aliceKey, channel_id: channelA, model: 'gpt-4o', requests: 999, quota: 999 }),
    ]);
  });
  afterAll(() => t.close());

  it('sums the range and gives a point per hour, empty hours as zeros', async () => {
    const body = await get(`/api/analytics/summary?${range(T0, T0 + 48 * H)}`);
    expect(body.success).toBe(true);
    const summary = AnalyticsSummarySchema.parse(body.data);
    expect(summary.totals).toEqual({ requests: 410, errors: 5, prompt_tokens: 1900, completion_tokens: 710, cache_read_tokens: 40, cache_write_tokens: 0, reasoning_tokens: 0, quota: 1080, latency_avg_ms: Math.round(65_000 / 405) });
    expect(summary.series).toHaveLength(48);
    expect(summary.series[0]).toMatchObject({ time: T0, requests: 60, quota: 600, latency_avg_ms: 300 });
    expect(summary.series[2]).toMatchObject({ time: T0 + 2 * H, requests: 0, quota: 0 });
    expect(summary.series[26]).toMatchObject({ time: T0 + 26 * H, requests: 300 });
  });

  it('gives a point per day, days starting at the console time zone midnight', async () => {
    const utc = AnalyticsSummarySchema.parse((await get(`/api/analytics/summary?${range(T0, T0 + 3 * 24 * H, '&granularity=day')}`)).data);
    expect(utc.series.map((p) => [p.time, p.requests])).toEqual([
      [T0, 100],
      [T0 + 24 * H, 310],
      [T0 + 48 * H, 0],
    ]);
    // Eight hours east of UTC (Beijing): alice's hours fall on that zone's day that began at T0 - 8 h, and
    // the range's last eight hours on a third day.
    const east = AnalyticsSummarySchema.parse((await get(`/api/analytics/summary?${range(T0, T0 + 2 * 24 * H, '&granularity=day&utc_offset=28800')}`)).data);
    expect(east.series.map((p) => [p.time, p.requests])).toEqual([
      [T0 - 8 * H, 100],
      [T0 + 16 * H, 310],
      [T0 + 40 * H, 0],
    ]);
  });

  it('ranks users, keys, models and channels by cost or by requests, with their names', async () => {
    const top = async (query: string) => AnalyticsTopSchema.parse((await get(`/api/analytics/top?${range(T0, T0 + 48 * H, query)}`)).data);
    expect((await top('&dimension=user')).map((i) => [i.name, i.quota])).toEqual([
      ['alice', 1000],
      ['bob', 80],
    ]);
    expect((await top('&dimension=user&by=requests')).map((i) => [i.name, i.requests])).toEqual([
      ['bob', 310],
      ['alice', 100],
    ]);
    expect((await top('&dimension=token&limit=1')).map((i) => [i.key, i.name])).toEqual([[String(aliceKey), 'alice-ci']]);
    expect((await top('&dimension=model&by=requests')).map((i) => [i.name, i.requests])).toEqual([
      ['mini', 300],
      ['gpt-4o', 100],
      ['claude', 10],
    ]);
    expect((await top('&dimension=channel')).map((i) => [i.name, i.errors])).toEqual([
      ['alpha', 0],
      ['beta', 5],
    ]);
  });

  it('reads whole days from the daily rollups and the hours around them from the hourly ones', async () => {
    // From 01:00 of day one: alice's first hour is out, day two is read whole from the daily rows.
    const users = AnalyticsTopSchema.parse((await get(`/api/analytics/top?${range(T0 + H, T0 + 48 * H, '&dimension=user')}`)).data);
    expect(users.map((i) => [i.name, i.requests, i.quota])).toEqual([
      ['alice', 40, 400],
      ['bob', 310, 80],
    ]);
    const channels = AnalyticsChannelsSchema.parse((await get(`/api/analytics/channels?${range(T0 + H, T0 + 26 * H)}`)).data);
    expect(channels.map((c) => [c.name, c.requests, c.errors])).toEqual([
      ['alpha', 40, 0],
      ['beta', 10, 5],
    ]);
    const days = AnalyticsSummarySchema.parse((await get(`/api/analytics/summary?${range(T0 + H, T0 + 48 * H, '&granularity=day')}`)).data);
    expect(days.series.map((p) => [p.time, p.requests])).toEqual([
      [T0, 40],
      [T0 + 24 * H, 310],
    ]);
  });

  it('gives each channel its error rate and the latency its percentiles are at most, from the histogram and the sum of the mean', async () => {
    const channels = AnalyticsChannelsSchema.parse((await get(`/api/analytics/channels?${range(T0, T0 + 48 * H)}`)).data);
    expect(channels).toEqual([
      // 300 answers in (50, 100] ms whose sum makes them all 100 ms, and 5 in (700, 1000] ms: both percentiles in the first bucket.
      { channel_id: channelB, name: 'beta', requests: 310, errors: 5, error_rate: 5 / 310, latency_avg_ms: Math.round(35_000 / 305), latency_p50_ms: 100, latency_p95_ms: 100 },
      // 100 answers in (200, 400] ms averaging 300: half of them cannot all be above 395 ms; the 95th is only known to be within the bucket.
      { channel_id: channelA, name: 'alpha', requests: 100, errors: 0, error_rate: 0, latency_avg_ms: 300, latency_p50_ms: 395, latency_p95_ms: 400 },
    ]);
  });

  it('never reports a percentile that the mean rules out: a channel answering in 1 to 8 ms', async () => {
    const hour = T0 + 200 * H;
    // 100 answers of 1 to 8 ms (mean 3 ms), all in the histogram's first bucket, (0, 50] ms.
    const latencies = Array.from({ length: 100 }, (_, i) => [1, 2, 2, 3, 3, 3, 4, 8][i % 8]!);
    const sum = latencies.reduce((a, b) => a + b, 0);
    await addRollups(t.ctx.db, t.ctx.dialect, [
      rollupRow({ hour, user_id: bob.id, token_id: bobKey, channel_id: channelA, model: 'mini', requests: 100, errors: 0, latency_ms_sum: sum, latency_count: 100, latency_le_50: 100 }),
    ]);
    const [fast] = AnalyticsChannelsSchema.parse((await get(`/api/analytics/channels?${range(hour, hour + H)}`)).data);
    // Interpolating in the bucket said p50 25 ms and p95 48 ms; a median of 25 ms would need a mean of 12.5 at least.
    expect(fast).toMatchObject({ latency_avg_ms: 3, latency_p50_ms: Math.floor(sum / 51), latency_p95_ms: 50 });
    const sorted = [...latencies].sort((a, b) => a - b);
    expect(fast!.latency_p50_ms).toBeGreaterThanOrEqual(sorted[49]!);
    expect(fast!.latency_p50_ms).toBeLessThanOrEqual(2 * (sum / 100));
    expect(fast!.latency_p95_ms).toBeGreaterThanOrEqual(sorted[94]!);
  });

  it('counts requests refused before any channel in the totals but lists them under no channel', async () => {
    const hour = T0 + 100 * H;
    await addRollups(t.ctx.db, t.ctx.dialect, [
      rollupRow({ hour, user_id: bob.id, token_id: bobKey, channel_id: 0, model: '(no channel)', requests: 4, errors: 4 }),
      rollupRow({ hour, user_id: bob.id, token_id: bobKey, channel_id: channelB, model: 'mini', requests: 2, errors: 1, latency_ms_sum: 100, latency_count: 1, latency_le_100: 1 }),
    ]);
    const summary = AnalyticsSummarySchema.parse((await get(`/api/analytics/summary?${range(hour, hour + H)}`)).data);
    expect(summary.totals).toMatchObject({ requests: 6, errors: 5 });
    const channels = AnalyticsChannelsSchema.parse((await get(`/api/analytics/channels?${range(hour, hour + H)}`)).data);
    expect(channels.map((c) => [c.channel_id, c.requests, c.errors])).toEqual([[channelB, 2, 1]]);
    const top = AnalyticsTopSchema.parse((await get(`/api/analytics/top?${range(hour, hour + H, '&dimension=channel')}`)).data);
    expect(top.map((i) => [i.name, i.errors])).toEqual([['beta', 1]]);
  });

  it("shows a user their own keys' usage only", async () => {
    const mine = AnalyticsSummarySchema.parse((await get(`/api/analytics/self/summary?${range(T0, T0 + 48 * H)}`, alice.cookie)).data);
    expect(mine.totals).toMatchObject({ requests: 100, quota: 1000 });
    const keys = AnalyticsTopSchema.parse((await get(`/api/analytics/self/top?${range(T0, T0 + 48 * H, '&dimension=token')}`, bob.cookie)).data);
    expect(keys.map((i) => [i.name, i.requests])).toEqual([['bob-app', 310]]);
    expect(await get(`/api/analytics/self/top?${range(T0, T0 + 48 * H, '&dimension=channel')}`, bob.cookie)).toMatchObject({ success: false, message: english(AnalyticsMessages.selfDimension) });
    expect(await get(`/api/analytics/summary?${range(T0, T0 + 48 * H)}`, alice.cookie)).toMatchObject({ success: false });
  });

  it('refuses a bad range or granularity with a clear message', async () => {
    const refused = async (query: string, message: string) => expect(await get(`/api/analytics/summary?${query}`)).toMatchObject({ success: false, message });
    await refused(range(T0 + H, T0), english(AnalyticsMessages.startAfterEnd));
    await refused(range(T0, T0), english(AnalyticsMessages.startAfterEnd));
    await refused(range(T0, T0 + 367 * 24 * H), english(AnalyticsMessages.rangeTooLong));
    await refused(range(T0, T0 + H, '&granularity=week'), english(AnalyticsMessages.granularity));
    await refused(`end=${T0}`, english(AnalyticsMessages.startRequired));
    await refused(`start=yesterday&end=${T0}`, english(AnalyticsMessages.startRequired));
    await refused(range(T0, T0 + H, '&utc_offset=99999'), english(AnalyticsMessages.utcOffset));
    expect(await get(`/api/analytics/top?${range(T0, T0 + H, '&dimension=planet')}`)).toEqual({ success: false, message: english(AnalyticsMessages.dimension) });
    expect(await get(`/api/analytics/top?${range(T0, T0 + H, '&dimension=user&limit=1000')}`)).toEqual({ success: false, message: english(AnalyticsMessages.limit), field: 'limit' });
  });

  it('lets an admin ask, not a common user', async () => {
    const admin = await signedInUser(t, 'carol', Role.Admin);
    expect((await get(`/api/analytics/channels?${range(T0, T0 + H)}`, admin.cookie)).success).toBe(true);
    expect((await get(`/api/analytics/channels?${range(T0, T0 + H)}`, bob.cookie)).success).toBe(false);
  });
});
