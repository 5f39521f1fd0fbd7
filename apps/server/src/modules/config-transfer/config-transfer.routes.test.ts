import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { parse } from 'yaml';
import { ConfigTransferTexts, Role, type ConfigDocumentInput, type ConfigImportResult } from '@tollgate/contract';
import { databaseKinds } from '../../../test/databases.js';
import { buildTestApp, NO_RATE_LIMITS, loginRoot, type TestApp } from '../../../test/test-app.js';
import { addUser, signedInUser } from '../../../test/users.js';

type Envelope<T> = { success: boolean; message: string; data: T };

describe.each(databaseKinds)('/api/config on %s', (kind) => {
  let t: TestApp;
  let root: string;
  let admin: string;
  beforeAll(async () => {
    t = await buildTestApp(kind, NO_RATE_LIMITS);
    root = await loginRoot(t.app);
    admin = (await signedInUser(t, 'cfg-admin', Role.Admin)).cookie;
    await addUser(t, 'alice', { quota: 1000 });
    const call = (method: 'POST' | 'PUT', url: string, payload: object) => t.app.inject({ method, url, headers: { cookie: root }, payload }).then((r) => r.json<Envelope<unknown>>());
    for (const channel of [
      { name: 'main', type: 1, key: 'sk-main', base_url: 'https://api.example.com', models: 'gpt-4o,gpt-4o-mini', group: 'default,vip', model_mapping: '{"gpt-4":"gpt-4o"}', priority: 2, weight: 3 },
      { name: 'bedrock', type: 33, key: 'AK|SK|us-east-1', models: 'claude-3-haiku', group: 'default', config: '{"region":"us-east-1","ak":"AK","sk":"SECRET-SK"}' },
      { name: 'twin', type: 1, key: 'sk-twin-1', models: 'gpt-4o', group: 'default' },
      { name: 'twin', type: 1, key: 'sk-twin-2', models: 'gpt-4o', group: 'vip' },
    ]) {
      expect(await call('POST', '/api/channel/', channel)).toMatchObject({ success: true });
    }
    for (const [key, value] of [
      ['ModelRatio', '{"gpt-4o": 2.5}'],
      ['GroupRatio', '{"default":1,"vip":2}'],
      ['GroupRateLimits', '{"vip":{"rpm":600}}'],
      ['SystemName', 'Config Gateway'],
      ['SMTPToken', 'smtp-secret'],
    ]) {
      expect(await call('PUT', '/api/option/', { key, value })).toMatchObject({ success: true });
    }
  });
  afterAll(() => t.close());

  const exportAs = async (query = '', cookie = root) => (await t.app.inject({ method: 'GET', url: `/api/config/export${query}`, headers: { cookie } })).json<Envelope<{ format: string; document: ConfigDocumentInput | string; warning?: string }>>();
  const exported = async (query = '?keys=true') => {
    const { document } = (await exportAs(query)).data as { document: ConfigDocumentInput };
    return { ...document, exported_at: 0 };
  };
  const importDocument = async (document: unknown, query = '', headers: Record<string, string> = {}) =>
    (
      await t.app.inject({ method: 'POST', url: `/api/config/import${query}`, headers: { cookie: root, ...headers }, ...(typeof document === 'string' ? { body: document } : { payload: document as object }) })
    ).json<Envelope<ConfigImportResult>>();
  const abilityCount = async () => Number((await t.ctx.db.selectFrom('abilities').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

  it('exports without keys or secrets unless asked, and warns when they are in', async () => {
    const plain = await exportAs();
    expect(plain.success).toBe(true);
    expect(plain.data.warning).toBeUndefined();
    const document = plain.data.document as ConfigDocumentInput;
    expect(document.version).toBe(1);
    expect(document.keys_included).toBe(false);
    expect(document.channels?.map((channel) => [channel.name, channel.type, 'key' in channel])).toEqual([
      ['main', 1, false],
      ['bedrock', 33, false],
      ['twin', 1, false],
      ['twin', 1, false],
    ]);
    expect(document.channels?.[1]?.config).toEqual({ region: 'us-east-1', ak: 'AK', sk: '' });
    expect(document.channels?.[0]).toMatchObject({ models: ['gpt-4o', 'gpt-4o-mini'], groups: ['default', 'vip'], model_mapping: { 'gpt-4': 'gpt-4o' }, priority: 2, weight: 3 });
    expect(document.prices?.ModelRatio).toEqual({ 'gpt-4o': 2.5 });
    expect(document.groups).toEqual({ default: { ratio: 1 }, vip: { ratio: 2, rpm: 600 } });
    expect(document.options?.SystemName).toBe('Config Gateway');
    expect(document.options).not.toHaveProperty('SMTPToken');
    expect(document.users).toEqual(expect.arrayContaining([{ username: 'alice', quota: 1000 }]));

    const withKeys = await exportAs('?keys=true&format=yaml');
    expect(withKeys.data.warning).toBe(ConfigTransferTexts.keysWarning);
    const parsed = parse(withKeys.data.document as string) as ConfigDocumentInput;
    expect(parsed.warning).toBe(ConfigTransferTexts.keysWarning);
    expect(parsed.channels?.map((channel) => channel.key)).toEqual(['sk-main', 'AK|SK|us-east-1', 'sk-twin-1', 'sk-twin-2']);
    expect(parsed.channels?.[1]?.config).toMatchObject({ sk: 'SECRET-SK' });
    expect(parsed.options?.SMTPToken).toBe('smtp-secret');
  });

  it('is for root only, and refuses a bad query', async () => {
    expect(await exportAs('', admin)).toMatchObject({ success: false, message: 'permission denied: insufficient role' });
    expect(await exportAs('?format=xml')).toMatchObject({ success: false, message: 'format must be json or yaml' });
    expect(await exportAs('?keys=yes')).toMatchObject({ success: false, message: 'keys must be true or false' });
  });

  it('answers an import of its own export with an empty diff and writes nothing', async () => {
    const answer = await importDocument(await exported());
    expect(answer).toMatchObject({ success: true, data: { dry_run: false, applied: false } });
    for (const section of Object.values(answer.data.diff)) expect(section).toEqual({ added: [], changed: [], removed: [] });
  });

  it('shows the diff of a dry run without writing it, then reproduces the exported configuration', async () => {
    const original = await exported();
    const yamlText = (await exportAs('?keys=true&format=yaml')).data.document as string;
    const abilities = await abilityCount();
    // Drift: a channel deleted, one edited, another added; options, a group and a quota changed.
    const channels = await t.ctx.db.selectFrom('channels').select(['id', 'name']).orderBy('id').execute();
    await t.app.inject({ method: 'DELETE', url: `/api/channel/${channels[2]?.id}`, headers: { cookie: root } });
    await t.app.inject({ method: 'PUT', url: '/api/channel/', headers: { cookie: root }, payload: { id: channels[0]?.id, priority: 9 } });
    await t.app.inject({ method: 'POST', url: '/api/channel/', headers: { cookie: root }, payload: { name: 'extra', type: 1, key: 'sk-extra', models: 'gpt-4o', group: 'default' } });
    await t.app.inject({ method: 'PUT', url: '/api/option/', headers: { cookie: root }, payload: { key: 'SystemName', value: 'Drifted' } });
    await t.app.inject({ method: 'PUT', url: '/api/option/', headers: { cookie: root }, payload: { key: 'GroupRatio', value: '{"default":1,"vip":2,"svip":5}' } });
    await t.app.inject({ method: 'PUT', url: '/api/option/', headers: { cookie: root }, payload: { key: 'SMTPToken', value: 'changed-secret' } });
    await t.ctx.db.updateTable('users').set({ quota: 5 }).where('username', '=', 'alice').execute();
    const drifted = await exported();

    const dry = await importDocument(yamlText, '?dry_run=true', { 'content-type': 'text/yaml' });
    expect(dry.success).toBe(true);
    expect(dry.data).toMatchObject({ dry_run: true, applied: false });
    expect(dry.data.diff.channels.added).toEqual([{ name: 'twin (type 1)', fields: [] }]);
    expect(dry.data.diff.channels.removed).toEqual([{ name: 'extra (type 1)', fields: [] }]);
    // The n-th twin of the document is the n-th in the database: the surviving one takes the first's place.
    expect(dry.data.diff.channels.changed).toEqual([
      { name: 'main (type 1)', fields: [{ field: 'priority', from: '9', to: '2' }] },
      { name: 'twin (type 1)', fields: [{ field: 'group', from: 'vip', to: 'default' }, { field: 'key', from: '••••••', to: '••••••' }] },
    ]);
    expect(dry.data.diff.options.changed).toEqual(
      expect.arrayContaining([
        { name: 'SystemName', fields: [{ field: 'value', from: 'Drifted', to: 'Config Gateway' }] },
        { name: 'SMTPToken', fields: [{ field: 'value', from: '••••••', to: '••••••' }] },
      ]),
    );
    expect(dry.data.diff.groups.removed).toEqual([{ name: 'svip', fields: [] }]);
    expect(dry.data.diff.users.changed).toEqual([{ name: 'alice', fields: [{ field: 'quota', from: '5', to: '1000' }] }]);
    expect(JSON.stringify(dry.data)).not.toContain('sk-twin');
    expect(await exported()).toEqual(drifted);

    const applied = await importDocument(yamlText, '', { 'content-type': 'text/yaml' });
    expect(applied.data).toMatchObject({ dry_run: false, applied: true });
    expect(await exported()).toEqual(original);
    expect(await abilityCount()).toBe(abilities);
    // Caches follow: the option store and the relay's routing table serve what was imported.
    expect(t.ctx.options.str('SystemName')).toBe('Config Gateway');
    expect(t.ctx.options.str('SMTPToken')).toBe('smtp-secret');
    expect((await t.app.inject({ method: 'GET', url: '/api/status' })).json().data.system_name).toBe('Config Gateway');
  });

  it('keeps stored keys and secrets when the document has none, and needs a key for a new channel', async () => {
    const withoutKeys = await exported('');
    expect((await importDocument(withoutKeys)).data.applied).toBe(false);
    expect((await exported()).channels?.map((channel) => channel.key)).toEqual(['sk-main', 'AK|SK|us-east-1', 'sk-twin-1', 'sk-twin-2']);
    const before = await exported();
    const added = { ...withoutKeys, channels: [...(withoutKeys.channels ?? []), { name: 'new', type: 1, models: ['gpt-4o'], groups: ['default'] }] };
    expect(await importDocument(added)).toEqual({ success: false, message: 'channels[4].key, channel new (type 1): a new channel needs its key (this document was exported without keys)' });
    expect(await exported()).toEqual(before);
  });

  it.each([
    [{ version: 1, channels: [{ name: 'a', type: 1, groups: ['default'] }, { name: 'b', type: 9999, groups: ['default'] }] }, 'channels[1].type: expected a channel type id'],
    [{ version: 1, channels: [{ name: 'a', type: 1, groups: [] }] }, 'channels[0].groups: expected at least one group'],
    [{ version: 1, channels: [{ name: 'a', type: 1, groups: ['default'], colour: 'red' }] }, 'channels[0]: unknown field colour'],
    [{ version: 2 }, 'version: expected document version 1'],
    [{ version: 1, chanels: [] }, 'document: unknown field chanels'],
    [{ version: 1, prices: { ModelRatio: { 'gpt-4o': -1 } } }, 'prices.ModelRatio: ModelRatio.gpt-4o must be a number of 0 or more'],
    [{ version: 1, options: { NoSuchOption: 'x' } }, 'options.NoSuchOption: unknown option key'],
    [{ version: 1, options: { ModelRatio: {} } }, 'options.ModelRatio: set in the prices section'],
    [{ version: 1, options: { RetryTimes: '-1' } }, 'options.RetryTimes: RetryTimes must be a whole number of 0 or more'],
    [{ version: 1, groups: { vip: { ratio: 1, rpm: 1.5 } } }, 'groups.vip.rpm: expected a whole number'],
    [{ version: 1, users: [{ username: 'nobody', quota: 1 }] }, 'users[0].username: no user named nobody'],
    [{ version: 1, users: [{ username: 'alice', quota: 1.5 }] }, 'users[0].quota: expected a whole number'],
    [[1, 2], 'the document must be an object with a version field'],
  ])('refuses a malformed document naming the field, and writes nothing (%#)', async (document, message) => {
    const before = await exported();
    // Valid sections before the bad one must not be written either.
    const full = Array.isArray(document) ? document : { ...before, ...document, options: { ...(document as { options?: object }).options, SystemName: 'Should Not Be Written' } };
    expect(await importDocument(full)).toEqual({ success: false, message });
    expect(await exported()).toEqual(before);
  });

  it('writes in one transaction: a write that fails at the end leaves the channels and options written before it undone', async () => {
    const before = await exported();
    // A trigger refuses one quota; quotas are written last, after the channels and options.
    const trigger = {
      sqlite: [`create trigger refuse_quota before update of quota on users when new.quota = 424242 begin select raise(abort, 'refused by the test'); end`],
      postgres: [
        `create function refuse_quota() returns trigger language plpgsql as $$ begin if new.quota = 424242 then raise exception 'refused by the test'; end if; return new; end $$`,
        `create trigger refuse_quota before update on users for each row execute function refuse_quota()`,
      ],
      mysql: [`create trigger refuse_quota before update on users for each row begin if new.quota = 424242 then signal sqlstate '45000' set message_text = 'refused by the test'; end if; end`],
    }[kind];
    for (const statement of trigger) await sql.raw(statement).execute(t.ctx.db);
    const document = { ...before, channels: before.channels?.slice(1), options: { ...before.options, SystemName: 'Half Written' }, users: [{ username: 'alice', quota: 424242 }] };
    const response = await t.app.inject({ method: 'POST', url: '/api/config/import', headers: { cookie: root }, payload: document });
    expect(response.statusCode).toBe(500);
    expect(await exported()).toEqual(before);
    expect(t.ctx.options.str('SystemName')).toBe('Config Gateway');
    await sql.raw('drop trigger refuse_quota' + (kind === 'postgres' ? ' on users' : '')).execute(t.ctx.db);
  });

  it('refuses text that is neither JSON nor YAML', async () => {
    const answer = await importDocument('version: 1\nchannels: [ {name: a', '', { 'content-type': 'text/yaml' });
    expect(answer.success).toBe(false);
    expect(answer.message).toMatch(/^the document is neither valid JSON nor valid YAML: /);
  });
});
