import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role } from '@tollgate/contract';
import { databaseKinds } from '../../../test/databases.js';
import { buildTestApp, login, register, loginRoot, type TestApp } from '../../../test/test-app.js';

describe.each(databaseKinds)('channels on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let user: string;

  beforeAll(async () => {
    t = await buildTestApp(kind, { CRITICAL_RATE_LIMIT: '0' });
    admin = await loginRoot(t.app);
    await register(t.app, 'someone');
    user = await login(t.app, 'someone', 'password123');
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, cookie = admin) =>
    t.app.inject({ method, url, headers: { cookie }, ...(payload === undefined ? {} : { payload: payload as object }) }).then((r) => r.json());
  const abilities = (channelId: number) =>
    t.ctx.db.selectFrom('abilities').selectAll().where('channel_id', '=', channelId).orderBy('group').orderBy('model').execute();
  const channelIdByName = async (name: string) => (await t.ctx.db.selectFrom('channels').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;

  it('creates a channel with abilities for every group x model, and never returns the key', async () => {
    const created = await call('POST', '/api/channel/', { name: 'main', type: 1, key: 'sk-upstream-1', base_url: 'https://api.example.com/', models: 'gpt-4o,gpt-4o-mini', group: 'default,vip', config: '{}' });
    expect(created.success).toBe(true);
    const id = await channelIdByName('main');
    const rows = await abilities(id);
    expect(rows.map((r) => `${r.group}/${r.model}`)).toEqual(['default/gpt-4o', 'default/gpt-4o-mini', 'vip/gpt-4o', 'vip/gpt-4o-mini']);
    const view = (await call('GET', `/api/channel/${id}`)).data;
    expect(view).toMatchObject({ name: 'main', key: '', base_url: 'https://api.example.com', models: 'gpt-4o,gpt-4o-mini', group: 'default,vip', status: 1 });
    const listed = (await call('GET', '/api/channel/?p=0')).data;
    expect(listed.every((c: { key: string }) => c.key === '')).toBe(true);
    const stored = await t.ctx.db.selectFrom('channels').select('key').where('id', '=', id).executeTakeFirstOrThrow();
    expect(stored.key).toBe('sk-upstream-1');
  });

  it('creates channels added at once, each with its abilities (MySQL deadlocked on the abilities index)', async () => {
    const names = Array.from({ length: 12 }, (_, i) => `together-${i}`);
    const answers = await Promise.all(names.map((name) => call('POST', '/api/channel/', { name, type: 1, key: 'k', models: 'gpt-4o,gpt-4o-mini', group: 'default' })));
    expect(answers.filter((answer) => !answer.success)).toEqual([]);
    for (const name of names) expect(await abilities(await channelIdByName(name))).toHaveLength(2);
  });

  it('creates one channel per key line', async () => {
    await call('POST', '/api/channel/', { name: 'batch', type: 1, key: 'k1\nk2\n\n k3 ', models: 'gpt-4o', groups: ['default'] });
    const rows = await t.ctx.db.selectFrom('channels').select('key').where('name', '=', 'batch').orderBy('id').execute();
    expect(rows.map((r) => r.key)).toEqual(['k1', 'k2', 'k3']);
  });

  it('keeps a key that is one JSON document whole, whatever its line breaks', async () => {
    const serviceAccount = '{\n  "type": "service_account",\n  "project_id": "demo",\n  "private_key": "-----BEGIN PRIVATE KEY-----\\nabc\\n-----END PRIVATE KEY-----\\n"\n}\n';
    await call('POST', '/api/channel/', { name: 'vertex-file', type: 42, key: serviceAccount, models: 'gemini-1.5-pro', groups: ['default'] });
    const rows = await t.ctx.db.selectFrom('channels').select('key').where('name', '=', 'vertex-file').execute();
    expect(rows).toHaveLength(1);
    expect(JSON.parse(rows[0]?.key ?? '')).toEqual(JSON.parse(serviceAccount));
  });

  it('refuses missing name or key, no models, bad mapping and bad config with the spec messages', async () => {
    expect(await call('POST', '/api/channel/', { name: '', key: 'k', models: 'a', group: 'default' })).toMatchObject({ success: false, message: 'please fill in the channel name and key' });
    expect(await call('POST', '/api/channel/', { name: 'n', key: 'k', models: '', group: 'default' })).toMatchObject({ success: false, message: 'please select at least one model' });
    expect(await call('POST', '/api/channel/', { name: 'n', key: 'k', models: 'a', group: 'default', model_mapping: '{bad' })).toMatchObject({ success: false, message: 'model mapping must be valid JSON format' });
    expect(await call('POST', '/api/channel/', { name: 'n', key: 'k', models: 'a', group: 'default', config: '[1]' })).toMatchObject({ success: false });
    // A Proxy channel needs no model.
    expect((await call('POST', '/api/channel/', { name: 'proxy', type: 43, key: 'k', models: '', group: 'default' })).success).toBe(true);
  });

  it('refuses what the channels table cannot hold (PostgreSQL and MySQL would fail), and stores nothing', async () => {
    const base = { key: 'k', models: 'a', group: 'default' };
    const before = await t.ctx.db.selectFrom('channels').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    expect(await call('POST', '/api/channel/', { ...base, name: 'n'.repeat(192) })).toEqual({ success: false, message: 'the channel name must be at most 191 characters' });
    expect((await call('POST', '/api/channel/', { ...base, name: '😀'.repeat(191) })).success).toBe(true);
    expect(await call('POST', '/api/channel/', { ...base, name: 'n', group: 'default,vip,group-with-a-long-name' })).toEqual({ success: false, message: 'the channel groups must be at most 32 characters together' });
    const mapping = JSON.stringify(Object.fromEntries(Array.from({ length: 100 }, (_, i) => [`model-${i}`, 'a'])));
    expect(await call('POST', '/api/channel/', { ...base, name: 'n', model_mapping: mapping })).toEqual({ success: false, message: 'model mapping must be at most 1024 characters' });
    expect(await call('POST', '/api/channel/', { ...base, name: 'n', weight: 2 ** 31 })).toMatchObject({ success: false, message: expect.stringMatching(/2147483647/) });
    const after = await t.ctx.db.selectFrom('channels').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n) + 1);
  });

  it('fills the Azure API version and composes AWS keys from the config', async () => {
    await call('POST', '/api/channel/', { name: 'azure', type: 3, key: 'k', models: 'gpt-4o', group: 'default', base_url: 'https://x.openai.azure.com' });
    expect((await call('GET', `/api/channel/${await channelIdByName('azure')}`)).data.other).toBe('2024-03-01-preview');
    await call('POST', '/api/channel/', { name: 'aws', type: 33, key: '', models: 'claude-3-haiku-20240307', group: 'default', config: JSON.stringify({ ak: 'AK', sk: 'SK', region: 'us-east-1' }) });
    const stored = await t.ctx.db.selectFrom('channels').select(['id', 'key', 'config']).where('name', '=', 'aws').executeTakeFirstOrThrow();
    expect(stored.key).toBe('AK|SK|us-east-1');
    // The secret key inside the config is never read back, and a blank one in an edit keeps it.
    const view = (await call('GET', `/api/channel/${stored.id}`)).data;
    expect(JSON.parse(view.config)).toEqual({ ak: 'AK', sk: '', region: 'us-east-1' });
    await call('PUT', '/api/channel/', { ...view, config: JSON.stringify({ ak: 'AK', sk: '', region: 'us-west-2' }) });
    const after = await t.ctx.db.selectFrom('channels').select('config').where('id', '=', stored.id).executeTakeFirstOrThrow();
    expect(JSON.parse(after.config ?? '')).toEqual({ ak: 'AK', sk: 'SK', region: 'us-west-2' });
  });

  it('routes both names of a model mapping', async () => {
    await call('POST', '/api/channel/', { name: 'mapped', type: 1, key: 'k', models: 'gpt-3.5-turbo', group: 'default', model_mapping: '{"gpt-3.5-turbo":"gpt-4o-mini"}' });
    const models = (await abilities(await channelIdByName('mapped'))).map((r) => r.model).sort();
    expect(models).toEqual(['gpt-3.5-turbo', 'gpt-4o-mini']);
  });

  it('updates fully (blank key keeps the old one) and quickly (status, priority, weight), rebuilding abilities', async () => {
    const id = await channelIdByName('main');
    const before = (await call('GET', `/api/channel/${id}`)).data;
    const updated = await call('PUT', '/api/channel/', { ...before, key: '', models: 'gpt-4o', group: 'default', priority: 5 });
    expect(updated).toMatchObject({ success: true, data: { status: 1, priority: 5, models: 'gpt-4o' } });
    expect((await t.ctx.db.selectFrom('channels').select('key').where('id', '=', id).executeTakeFirstOrThrow()).key).toBe('sk-upstream-1');
    expect((await abilities(id)).map((r) => [r.model, Number(r.priority)])).toEqual([['gpt-4o', 5]]);

    expect((await call('PUT', '/api/channel/', { id, status: 2 })).data.status).toBe(2);
    expect((await abilities(id)).every((r) => !r.enabled)).toBe(true);
    // A negative weight is refused (issue 35), not changed to 0 behind the operator's back.
    expect(await call('PUT', '/api/channel/', { id, weight: -3 })).toMatchObject({ success: false, field: 'weight' });
    expect((await call('GET', `/api/channel/${id}`)).data.weight).toBe(before.weight);
    expect((await call('PUT', '/api/channel/', { id, priority: 9 })).data).toMatchObject({ priority: 9, status: 2, models: 'gpt-4o' });
    expect((await call('GET', `/api/channel/${id}`)).data.test_time).toBe(before.test_time);
  });

  it('searches by id, name prefix and exact key', async () => {
    const id = await channelIdByName('batch');
    expect((await call('GET', `/api/channel/search?keyword=${id}`)).data.map((c: { id: number }) => c.id)).toContain(id);
    expect((await call('GET', '/api/channel/search?keyword=bat')).data).toHaveLength(3);
    expect((await call('GET', '/api/channel/search?keyword=k2')).data).toHaveLength(1);
    // A number no id can be is a name or key to look for, not a failed query.
    expect(await call('GET', '/api/channel/search?keyword=99999999999999999999999')).toMatchObject({ success: true, data: [] });
  });

  it('pages by 10', async () => {
    for (let i = 0; i < 12; i += 1) await call('POST', '/api/channel/', { name: `bulk${i}`, type: 1, key: `bulk-${i}`, models: 'm', group: 'default' });
    const first = (await call('GET', '/api/channel/?p=0')).data;
    expect(first).toHaveLength(10);
    expect(first[0].id).toBeGreaterThan(first[9].id);
  });

  it('deletes one channel and all disabled ones, with their abilities', async () => {
    const id = await channelIdByName('azure');
    expect((await call('DELETE', `/api/channel/${id}/`)).success).toBe(true);
    expect(await abilities(id)).toEqual([]);
    const disabled = await channelIdByName('main'); // status 2 from the update test
    expect((await call('DELETE', '/api/channel/disabled')).data).toBe(1);
    expect(await abilities(disabled)).toEqual([]);
  });

  it('serves the catalog: /api/models to users, /api/channel/models to admins', async () => {
    const catalog = (await call('GET', '/api/models', undefined, user)).data;
    expect(catalog['1']).toContain('gpt-4o');
    expect(catalog['43']).toEqual([]);
    const list = await call('GET', '/api/channel/models');
    expect(list.data.some((m: { id: string }) => m.id === 'claude-3-5-sonnet-20241022')).toBe(true);
  });

  it('refuses normal users', async () => {
    expect(await call('GET', '/api/channel/', undefined, user)).toMatchObject({ success: false, message: 'permission denied: insufficient role' });
    await t.ctx.db.updateTable('users').set({ role: Role.Admin }).where('username', '=', 'someone').execute();
    expect((await call('GET', '/api/channel/', undefined, user)).success).toBe(true);
  });
});
