import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConfigChannel, ConfigDocumentInput, ConfigImportResult } from '@tollgate/contract';
import { databaseKinds } from '../../../test/databases.js';
import { buildTestApp, NO_RATE_LIMITS, loginRoot, type TestApp } from '../../../test/test-app.js';

type Envelope<T> = { success: boolean; message: string; data: T };
type DocumentChannel = Partial<ConfigChannel> & Pick<ConfigChannel, 'name' | 'type' | 'groups'>;

/** An imported channel goes through the channel API's rules: stored as the console stores it, refused where the console refuses. */
describe.each(databaseKinds)('channels imported on %s', (kind) => {
  let t: TestApp;
  let root: string;
  beforeAll(async () => {
    t = await buildTestApp(kind, NO_RATE_LIMITS);
    root = await loginRoot(t.app);
  });
  afterAll(() => t.close());

  const exported = async () => {
    const answer = await t.app.inject({ method: 'GET', url: '/api/config/export?keys=true', headers: { cookie: root } });
    return { ...(answer.json<Envelope<{ document: ConfigDocumentInput }>>().data.document), exported_at: 0 };
  };
  const importDocument = async (document: object) =>
    (await t.app.inject({ method: 'POST', url: '/api/config/import', headers: { cookie: root }, payload: document })).json<Envelope<ConfigImportResult>>();
  const createInConsole = async (payload: object) =>
    (await t.app.inject({ method: 'POST', url: '/api/channel/', headers: { cookie: root }, payload })).json<Envelope<number>>();
  /** The stored row without what differs between any two channels (identity, name, creation time). */
  const storedAs = async (name: string) => {
    const row = await t.ctx.db.selectFrom('channels').selectAll().where('name', '=', name).executeTakeFirstOrThrow();
    const { id: _id, name: _name, created_time: _created, ...columns } = row;
    const abilities = await t.ctx.db.selectFrom('abilities').select(['group', 'model', 'enabled', 'priority']).where('channel_id', '=', row.id).orderBy('group').orderBy('model').execute();
    return { columns, abilities: abilities.map((ability) => ({ ...ability, enabled: Boolean(ability.enabled) })) };
  };
  const withChannels = async (...channels: DocumentChannel[]) => {
    const current = await exported();
    return { ...current, channels: [...(current.channels ?? []), ...channels] };
  };

  it('stores a channel as the console stores the same fields: Azure api-version, base URL, lists, mapping, composed AWS key', async () => {
    const fields = { base_url: ' https://azure.example.com/// ', models: ['gpt-4o', ' gpt-4o-mini ', 'gpt-4o'], groups: ['default', 'vip'], model_mapping: { 'gpt-4': 'gpt-4o' }, priority: 3, weight: 2 };
    const azure = { ...fields, type: 3, key: ' sk-azure ', other: '' };
    const aws = { type: 33, key: '', models: ['claude-3-haiku'], groups: ['default'], config: { region: 'us-east-1', ak: 'AK', sk: 'SK' } };
    expect(await createInConsole({ ...azure, name: 'console-azure', models: azure.models.join(','), group: 'default,vip', model_mapping: '{"gpt-4":"gpt-4o"}' })).toMatchObject({ success: true });
    expect(await createInConsole({ ...aws, name: 'console-aws', models: 'claude-3-haiku', group: 'default' })).toMatchObject({ success: true });

    const answer = await importDocument(await withChannels({ ...azure, name: 'imported-azure' }, { ...aws, name: 'imported-aws' }));
    expect(answer).toMatchObject({ success: true, data: { applied: true } });
    const imported = await storedAs('imported-azure');
    expect(imported.columns).toMatchObject({ other: '2024-03-01-preview', base_url: 'https://azure.example.com', models: 'gpt-4o,gpt-4o-mini', group: 'default,vip', key: 'sk-azure' });
    expect(imported).toEqual(await storedAs('console-azure'));
    expect((await storedAs('imported-aws')).columns).toMatchObject({ key: 'AK|SK|us-east-1' });
    expect(await storedAs('imported-aws')).toEqual(await storedAs('console-aws'));

    // What was imported exports and imports again unchanged.
    const again = await importDocument(await exported());
    expect(again).toMatchObject({ success: true, data: { applied: false } });
  });

  it.each([
    [{ name: 'no-models', type: 1, key: 'sk-1', models: [], groups: ['default'] }, 'channels[N].models, channel no-models (type 1): please select at least one model'],
    [{ name: 'wide-groups', type: 1, key: 'sk-1', models: ['gpt-4o'], groups: ['default', 'a-very-long-group-name-number-two'] }, 'channels[N].groups, channel wide-groups (type 1): the channel groups must be at most 32 characters together'],
    [{ name: 'x'.repeat(192), type: 1, key: 'sk-1', models: ['gpt-4o'], groups: ['default'] }, `channels[N].name, channel ${'x'.repeat(192)} (type 1): the channel name must be at most 191 characters`],
    [{ name: 'long-mapping', type: 1, key: 'sk-1', models: ['gpt-4o'], groups: ['default'], model_mapping: { 'gpt-4': 'g'.repeat(1100) } }, 'channels[N].model_mapping, channel long-mapping (type 1): model mapping must be at most 1024 characters'],
    [{ name: 'huge-priority', type: 1, key: 'sk-1', models: ['gpt-4o'], groups: ['default'], priority: 2 ** 40 }, 'channels[N].priority, channel huge-priority (type 1): must be at most 2147483647'],
    [{ name: 'two-keys', type: 1, key: 'sk-1\nsk-2', models: ['gpt-4o'], groups: ['default'] }, 'channels[N].key, channel two-keys (type 1): a channel in a document has one key, this one has 2 lines (the console makes one channel per line)'],
  ])('refuses a channel the channel API refuses, naming the channel and field, and writes nothing (%#)', async (channel, expected) => {
    const before = await exported();
    const index = before.channels?.length ?? 0;
    const document = { ...(await withChannels(channel)), options: { SystemName: 'Should Not Be Written' } };
    expect(await importDocument(document)).toEqual({ success: false, message: expected.replace('[N]', `[${index}]`) });
    expect(await exported()).toEqual(before);
  });

  it('refuses a change to a stored channel the channel form would refuse', async () => {
    const before = await exported();
    const channels = (before.channels ?? []).map((channel, index) => (index === 0 ? { ...channel, models: [] } : channel));
    expect(await importDocument({ ...before, channels })).toEqual({ success: false, message: `channels[0].models, channel ${channels[0]?.name} (type ${channels[0]?.type}): please select at least one model` });
    expect(await exported()).toEqual(before);
  });
});
