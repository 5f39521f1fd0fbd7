import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from '../../test/databases.js';
import { ONE_API_TABLES, upgradedOneApiDatabase, versionsAndKinds, type UpgradedDatabase } from '../../test/one-api-v0.6-database.js';
import { ALICE_KEY, ALICE_PASSWORD, ROOT_ACCESS_TOKEN, ROOT_PASSWORD, SEEDED_ROWS } from '../../test/one-api-v0.6-rows.js';
import { login } from '../../test/test-app.js';

/**
 * Tollgate opened on a database one-api v0.6.10 or v0.6.0 made and filled (test/one-api-v0.6.10-schema.ts,
 * one-api-v0.6.0-schema.ts): it migrates it, serves what is in it through the API, and keeps every row and
 * every column of one-api's as it was.
 */
describe.each(versionsAndKinds(databaseKinds))('a one-api %s database on %s', (version, kind) => {
  let t: UpgradedDatabase;
  let root: string;
  const get = async <T = Record<string, unknown>>(url: string, cookie: string) => (await t.app.inject({ method: 'GET', url, headers: { cookie } })).json<{ success: boolean; data: T }>();
  const list = (url: string, cookie: string) => get<Record<string, unknown>[]>(url, cookie);

  beforeAll(async () => {
    t = await upgradedOneApiDatabase(version, kind);
    root = await login(t.app, 'root', ROOT_PASSWORD);
  });
  afterAll(() => t?.close());

  it('signs in with the passwords and access tokens one-api stored', async () => {
    expect((await get('/api/user/self', root)).data).toMatchObject({ id: 1, username: 'root', role: 100, quota: 500_000_000_000_000, aff_code: '' });
    const alice = await login(t.app, 'alice', ALICE_PASSWORD);
    expect((await get('/api/user/self', alice)).data).toMatchObject({ username: 'alice', quota: 400_000, used_quota: 100_000, request_count: 12, group: 'vip', email: 'alice@example.com', aff_code: 'Qx7a' });
    const bob = await t.app.inject({ method: 'POST', url: '/api/user/login', payload: { username: 'bob', password: 'bob-pass-123' } });
    expect(bob.json()).toMatchObject({ success: false });
    const byToken = await t.app.inject({ method: 'GET', url: '/api/user/self', headers: { authorization: ROOT_ACCESS_TOKEN } });
    expect(byToken.json().data).toMatchObject({ username: 'root' });
    // One root: Tollgate's first start did not add its own.
    expect((await list('/api/user/?p=0', root)).data.map((u) => u.username).sort()).toEqual(['alice', 'bob', 'root']);
  });

  it('lists the channels, keys, logs, options and redemption codes with their values', async () => {
    const channels = (await list('/api/channel/?p=0', root)).data;
    const byName = Object.fromEntries(channels.map((c) => [c.name, c]));
    expect(Object.keys(byName).sort()).toEqual(['azure-west', 'claude-old', 'openai-main']);
    expect(byName['openai-main']).toMatchObject({ id: 1, type: 1, status: 1, models: 'gpt-3.5-turbo,gpt-4o-mini', group: 'default,vip', balance: 12.5, response_time: 812, used_quota: 1_234, priority: 0 });
    expect(byName['claude-old']).toMatchObject({ type: 14, status: 2, models: 'claude-3-haiku-20240307' });
    expect(byName['azure-west']).toMatchObject({ type: 3, status: 3, priority: 5, other: '2024-03-01-preview' });
    expect((await get('/api/channel/3', root)).data).toMatchObject({ model_mapping: '{"gpt-3.5-turbo":"gpt-35-turbo"}' });
    expect((await get('/api/channel/2', root)).data).toMatchObject({ name: 'claude-old', base_url: expect.toBeOneOf([null, '']) });

    const alice = await login(t.app, 'alice', ALICE_PASSWORD);
    const keys = (await list('/api/token/?p=0', alice)).data;
    expect(keys.map((k) => k.name).sort()).toEqual(['alice-key', 'default']);
    expect(keys.find((k) => k.name === 'alice-key')).toMatchObject({ remain_quota: 200_000, used_quota: 5_000, unlimited_quota: false, expired_time: -1, created_time: 1_700_000_000 });
    expect(keys.find((k) => k.name === 'default')).toMatchObject({ unlimited_quota: true, remain_quota: -1 });

    const logs = (await list('/api/log/?p=0', root)).data;
    expect(logs.map((l) => l.type).sort()).toEqual([0, 1, 2, 3, 4]);
    expect(logs.find((l) => l.type === 2)).toMatchObject({ username: 'alice', token_name: 'alice-key', model_name: 'gpt-4o-mini', quota: 300, prompt_tokens: 100, completion_tokens: 20, channel: 1, created_at: 1_700_007_200 });
    expect(logs.find((l) => l.type === 1)).toMatchObject({ content: '通过兑换码充值 $1.000000 额度' });

    const options = Object.fromEntries((await get<{ key: string; value: string }[]>('/api/option/', root)).data.map((o) => [o.key, o.value]));
    expect(options).toMatchObject({ SystemName: 'Legacy Gateway', Notice: '', QuotaForNewUser: '50000', GroupRatio: '{"default":1,"vip":1}' });
    expect(JSON.parse(options.ModelRatio ?? '{}')).toMatchObject({ 'gpt-4o-mini': 0.075 });
    // An option Tollgate does not know is kept in the table (checked below) but not listed.
    expect(options.ChatLink2).toBeUndefined();

    const codes = (await list('/api/redemption/?p=0', root)).data;
    expect(codes.map((c) => c.status).sort()).toEqual([1, 2, 3]);
    expect(codes.find((c) => c.status === 3)).toMatchObject({ name: 'launch', quota: 500_000, redeemed_time: 1_700_003_600 });
  });

  it("relays a chat with an old key to the old channel and bills the key, its user and the channel", async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/v1/chat/completions',
      headers: { authorization: `Bearer sk-${ALICE_KEY}` },
      payload: { model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hello' }] },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(t.upstream.received.at(-1)?.headers.authorization).toBe('Bearer sk-upstream-one');
    await t.ctx.relay.usage.flush();
    const log = await t.ctx.db.selectFrom('logs').selectAll().where('type', '=', 2).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(log).toMatchObject({ user_id: 2, username: 'alice', token_name: 'alice-key', model_name: 'gpt-4o-mini', channel_id: 1, prompt_tokens: 10, completion_tokens: 5 });
    expect(log.quota).toBeGreaterThan(0);
    const user = await t.ctx.db.selectFrom('users').select(['quota', 'used_quota', 'request_count']).where('id', '=', 2).executeTakeFirstOrThrow();
    expect(user).toEqual({ quota: 400_000 - log.quota, used_quota: 100_000 + log.quota, request_count: 13 });
    const key = await t.ctx.db.selectFrom('tokens').select(['remain_quota', 'used_quota']).where('key', '=', ALICE_KEY).executeTakeFirstOrThrow();
    expect(key).toEqual({ remain_quota: 200_000 - log.quota, used_quota: 5_000 + log.quota });
    const channel = await t.ctx.db.selectFrom('channels').select('used_quota').where('id', '=', 1).executeTakeFirstOrThrow();
    expect(channel.used_quota).toBe(1_234 + log.quota);
  });

  it('refuses a key one-api marked expired, of a user it disabled', async () => {
    const chat = (key: string) =>
      t.app.inject({ method: 'POST', url: '/v1/chat/completions', headers: { authorization: `Bearer sk-${key}` }, payload: { model: 'gpt-3.5-turbo', messages: [{ role: 'user', content: 'hi' }] } });
    const expired = await chat('bobExpired'.padEnd(48, '0'));
    expect(expired.statusCode).toBe(401);
    expect(expired.json().error.message).toMatch(/expired|disabled|exhausted/i);
  });

  it("keeps every row one-api wrote, each of one-api's columns as it was", async () => {
    const after = await t.snapshot();
    // What the relay test above billed, and the options Tollgate seeds beside one-api's.
    const billed: Record<string, string[]> = { users: ['quota', 'used_quota', 'request_count'], tokens: ['remain_quota', 'used_quota', 'accessed_time'], channels: ['used_quota'] };
    for (const table of ONE_API_TABLES) {
      const oneApiColumns = Object.keys(t.before.columns[table] ?? {}).filter((c) => !billed[table]?.includes(c));
      const pick = (row: Record<string, unknown>) => Object.fromEntries(oneApiColumns.map((c) => [c, row[c]]));
      const kept = after.rows[table]?.slice(0, SEEDED_ROWS[table as keyof typeof SEEDED_ROWS]) ?? [];
      if (table === 'options') {
        const seeded = new Set(t.before.rows.options?.map((o) => o.key));
        expect(after.rows.options?.filter((o) => seeded.has(o.key)).map(pick)).toEqual(t.before.rows.options?.map(pick));
      } else if (table === 'logs') {
        expect(kept.map(pick)).toEqual(t.before.rows.logs?.map(pick));
      } else {
        expect(after.rows[table]?.map(pick), table).toEqual(t.before.rows[table]?.map(pick));
      }
      expect(t.before.rows[table]).toHaveLength(SEEDED_ROWS[table as keyof typeof SEEDED_ROWS]);
    }
  });

  it("only adds to one-api's schema: its columns, defaults and indexes are untouched, new columns take a default", async () => {
    const after = await t.snapshot();
    // Except one change one-api v0.6.2 makes itself: a MySQL channel key of before it becomes text (channel-key-text.ts).
    const widened = version === 'v0.6.0' && kind === 'mysql';
    for (const table of ONE_API_TABLES) {
      const columns = after.columns[table] ?? {};
      for (const [name, shape] of Object.entries(t.before.columns[table] ?? {})) {
        const expected = widened && table === 'channels' && name === 'key' ? { ...shape, type: 'text' } : shape;
        expect(columns[name], `${table}.${name}`).toEqual(expected);
      }
      for (const [name, shape] of Object.entries(columns).filter(([c]) => !(c in (t.before.columns[table] ?? {})))) {
        // one-api's inserts do not name Tollgate's columns: each must be nullable or have a default.
        expect(shape.nullable || shape.default !== null, `${table}.${name}`).toBe(true);
      }
      const kept = (t.before.indexes[table] ?? []).filter((name) => !(widened && name === 'idx_channels_key'));
      expect(after.indexes[table], table).toEqual(expect.arrayContaining(kept));
    }
    if (widened) expect(after.indexes.channels).not.toContain('idx_channels_key');
    // Tollgate's own indexes and no second copy of one-api's under another name (each costs every write).
    const added = Object.fromEntries(ONE_API_TABLES.map((table) => [table, after.indexes[table]?.filter((name) => !t.before.indexes[table]?.includes(name))]));
    const users = version === 'v0.6.0' ? ['idx_users_lark_id', 'idx_users_oidc_id'] : [];
    expect(added).toEqual({ users, tokens: ['idx_tokens_user_id'], channels: [], abilities: [], options: [], redemptions: [], logs: ['idx_logs_created_at_type_quota', 'idx_logs_username'] });
    // Tollgate's own tables stand beside one-api's, which AutoMigrate ignores.
    expect(Object.keys(after.columns)).toEqual(expect.arrayContaining(['tollgate_migrations', 'verification_codes', 'cache_versions', 'response_routes']));
  });

  // Last: it adds a channel, which the row checks above do not expect.
  it('stores a channel key longer than 191 characters whole (one-api before v0.6.2 made it varchar(191) on MySQL)', async () => {
    const key = 'k'.repeat(3_000);
    const response = await t.app.inject({ method: 'POST', url: '/api/channel/', headers: { cookie: root }, payload: { type: 1, key, name: 'long-key', models: 'gpt-4o', group: 'default' } });
    expect(response.json(), response.body).toMatchObject({ success: true });
    const stored = await t.ctx.db.selectFrom('channels').select('key').where('name', '=', 'long-key').executeTakeFirstOrThrow();
    expect(stored.key).toBe(key);
  });
});
