import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LogType, Role, type LogView } from '@tollgate/contract';
import { databaseKinds } from '../../../test/databases.js';
import { buildTestApp, login, type TestApp } from '../../../test/test-app.js';
import { signedInUser } from '../../../test/users.js';
import type { NewLog } from '../../db/schema.js';

const T0 = 1_700_000_000;

describe.each(databaseKinds)('/api/log on %s', (kind) => {
  let t: TestApp;
  let root: string;
  let alice: { id: number; cookie: string };
  let bob: { id: number; cookie: string };

  const base = (overrides: Partial<NewLog>): NewLog => ({
    user_id: 0,
    created_at: T0,
    type: LogType.Consume,
    content: 'model ratio 1.00',
    username: '',
    token_name: 'default',
    model_name: 'gpt-4o',
    quota: 10,
    prompt_tokens: 1,
    completion_tokens: 2,
    channel_id: 1,
    request_id: 'req',
    elapsed_time: 150,
    is_stream: false,
    system_prompt_reset: false,
    ...overrides,
  });

  beforeAll(async () => {
    t = await buildTestApp(kind, { CRITICAL_RATE_LIMIT: '0', GLOBAL_API_RATE_LIMIT: '0' });
    root = await login(t.app, 'root', '123456');
    const a = await signedInUser(t, 'alice');
    const b = await signedInUser(t, 'bob', Role.Admin);
    alice = { id: a.user.id, cookie: a.cookie };
    bob = { id: b.user.id, cookie: b.cookie };
    const rows: NewLog[] = [];
    // 12 consume logs of alice, one a second, alternating models, tokens and channels.
    for (let i = 0; i < 12; i += 1) {
      const odd = i % 2 === 1;
      rows.push(
        base({ user_id: alice.id, username: 'alice', created_at: T0 + i, model_name: odd ? 'claude' : 'gpt-4o', token_name: i % 3 ? 'default' : 'ci', channel_id: odd ? 2 : 1, quota: 100 + i, is_stream: i === 11 }),
      );
    }
    const none = { token_name: '', model_name: '', channel_id: 0 };
    rows.push(base({ ...none, user_id: alice.id, username: 'alice', created_at: T0 + 20, type: LogType.Topup, content: 'top-up via API: $1', quota: 500000 }));
    rows.push(base({ user_id: bob.id, username: 'bob', created_at: T0 + 30, quota: 7, model_name: 'gpt-4o', channel_id: 3 }));
    rows.push(base({ ...none, user_id: bob.id, username: 'bob', created_at: T0 + 31, type: LogType.Manage, content: 'administrator root changed the quota', quota: 0 }));
    await t.ctx.db.insertInto('logs').values(rows).execute();
    // A row as an old one-api left it: the later columns are NULL.
    const legacy = base({ user_id: bob.id, username: 'bob', created_at: T0 + 40, type: LogType.System, quota: 0, prompt_tokens: 0, completion_tokens: 0, channel_id: 0 });
    await t.ctx.db
      .insertInto('logs')
      .values({ ...legacy, content: null, token_name: null, model_name: null, request_id: null, elapsed_time: 0 })
      .execute();
  });
  afterAll(() => t.close());

  const get = async <T = LogView[]>(url: string, cookie = root) =>
    (await t.app.inject({ method: 'GET', url, headers: { cookie } })).json<{ success: boolean; message: string; data: T }>();
  const filters = (extra: Record<string, string | number>) => {
    const all = { p: 0, type: 0, username: '', token_name: '', model_name: '', start_timestamp: '', end_timestamp: '', channel: '', ...extra };
    return Object.entries(all).map(([key, value]) => `${key}=${value}`).join('&');
  };
  const ids = (rows: LogView[]) => rows.map((row) => row.id);

  it('lists ten logs per page, newest first, in the console shape with no null strings', async () => {
    const first = await get(`/api/log/?${filters({})}`);
    const second = await get(`/api/log/?${filters({ p: 1 })}`);
    expect(first.data).toHaveLength(10);
    expect(second.data).toHaveLength(6);
    const all = [...first.data, ...second.data];
    expect(ids(all)).toEqual([...ids(all)].sort((a, b) => b - a));
    const legacy = all[0];
    expect(legacy).toEqual({
      id: expect.any(Number),
      user_id: bob.id,
      created_at: T0 + 40,
      type: LogType.System,
      content: '',
      username: 'bob',
      token_name: '',
      model_name: '',
      quota: 0,
      prompt_tokens: 0,
      completion_tokens: 0,
      channel: 0,
      channel_id: 0,
      request_id: '',
      elapsed_time: 0,
      is_stream: false,
      system_prompt_reset: false,
      other: '',
    });
    const streamed = all.find((row) => row.quota === 111);
    expect(streamed).toMatchObject({ is_stream: true, channel: 2, channel_id: 2, model_name: 'claude', request_id: 'req', elapsed_time: 150 });
  });

  it('filters by each field, with 0 and empty meaning no filter and inclusive timestamps', async () => {
    // The first two pages hold every match of these small sets.
    const firstPages = async (extra: Record<string, string | number>) => [
      ...(await get(`/api/log/?${filters(extra)}`)).data,
      ...(await get(`/api/log/?${filters({ ...extra, p: 1 })}`)).data,
    ];
    expect(await firstPages({ type: LogType.Consume })).toHaveLength(13);
    expect((await firstPages({ type: LogType.Topup })).map((row) => row.content)).toEqual(['top-up via API: $1']);
    expect(await firstPages({ username: 'bob' })).toHaveLength(3);
    expect(await firstPages({ token_name: 'ci' })).toHaveLength(4);
    expect(await firstPages({ model_name: 'claude' })).toHaveLength(6);
    expect(await firstPages({ channel: 3 })).toHaveLength(1);
    expect((await firstPages({ start_timestamp: T0 + 10, end_timestamp: T0 + 20 })).map((row) => row.created_at)).toEqual([T0 + 20, T0 + 11, T0 + 10]);
    expect(await firstPages({ username: 'alice', model_name: 'gpt-4o', channel: 1, token_name: 'ci' })).toHaveLength(2);
    expect(await get(`/api/log/?${filters({ type: 'abc' })}`)).toMatchObject({ success: false, message: 'type must be a whole number' });
  });

  it('shows a user only their own logs, whatever username or channel they ask for', async () => {
    const mine = await get(`/api/log/self/?${filters({ username: 'bob', channel: 3 })}`, alice.cookie);
    expect(mine.data).toHaveLength(10);
    expect(mine.data.every((row) => row.user_id === alice.id)).toBe(true);
    const page2 = await get(`/api/log/self?${filters({ p: 1 })}`, alice.cookie);
    expect(page2.data).toHaveLength(3);
    expect((await get(`/api/log/self?${filters({ model_name: 'claude', type: LogType.Consume })}`, alice.cookie)).data).toHaveLength(6);
  });

  it('sums the quota of the consume logs matching the filters', async () => {
    const aliceConsume = Array.from({ length: 12 }, (_, i) => 100 + i).reduce((a, b) => a + b, 0);
    expect(await get(`/api/log/stat?${filters({})}`)).toEqual({ success: true, message: '', data: { quota: aliceConsume + 7 } });
    expect((await get(`/api/log/stat?${filters({ username: 'alice', model_name: 'claude' })}`)).data).toEqual({ quota: 101 + 103 + 105 + 107 + 109 + 111 });
    expect((await get(`/api/log/stat?${filters({ start_timestamp: T0 + 30, end_timestamp: T0 + 30 })}`)).data).toEqual({ quota: 7 });
    expect((await get(`/api/log/stat?${filters({ username: 'nobody' })}`)).data).toEqual({ quota: 0 });
    expect((await get(`/api/log/self/stat?${filters({})}`, alice.cookie)).data).toEqual({ quota: aliceConsume });
    expect((await get(`/api/log/self/stat?${filters({ username: 'bob' })}`, bob.cookie)).data).toEqual({ quota: 7 });
  });

  it('searches by type number or content prefix, and self search stays within my logs', async () => {
    expect((await get('/api/log/search?keyword=1')).data.map((row) => row.type)).toEqual([LogType.Topup]);
    expect((await get('/api/log/search?keyword=administrator')).data.map((row) => row.username)).toEqual(['bob']);
    expect((await get('/api/log/search?keyword=model%20ratio')).data).toHaveLength(13);
    expect((await get('/api/log/self/search?keyword=model', alice.cookie)).data).toHaveLength(12);
    expect((await get('/api/log/self/search?keyword=administrator', alice.cookie)).data).toEqual([]);
    expect((await get(`/api/log/self/search?keyword=${LogType.Manage}`, bob.cookie)).data.map((row) => row.type)).toEqual([LogType.Manage]);
  });

  it('purges the logs older than the target and answers the count', async () => {
    const purge = async (query: string) => (await t.app.inject({ method: 'DELETE', url: `/api/log/${query}`, headers: { cookie: root } })).json();
    expect(await purge('')).toEqual({ success: false, message: 'target_timestamp is required: logs older than it are deleted' });
    expect(await purge(`?target_timestamp=${T0 + 5}`)).toEqual({ success: true, message: '', data: 5 });
    expect(await purge(`?target_timestamp=${T0 + 5}`)).toEqual({ success: true, message: '', data: 0 });
    const left = await t.ctx.db.selectFrom('logs').select('created_at').where('created_at', '<', T0 + 5).execute();
    expect(left).toEqual([]);
  });
});
