import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConfigDocumentInput, ConfigImportResult } from '@tollgate/contract';
import { databaseKinds } from '../../../test/databases.js';
import { buildTestApp, NO_RATE_LIMITS, loginRoot, type TestApp } from '../../../test/test-app.js';
import { addUser } from '../../../test/users.js';

type Envelope<T> = { success: boolean; message: string; data: T };

/** Every kind of price and group setting the issue names, as an operator saves them in the console. */
const PRICE_AND_GROUP_OPTIONS: [string, string][] = [
  ['ModelRatio', '{"gpt-4o":1.25,"claude-3-haiku":0.125}'],
  ['CompletionRatio', '{"gpt-4o":4}'],
  ['CacheReadRatio', '{"gpt-4o":0.5}'],
  ['ModelPriceTiers', '{"gpt-4o":[{"above_prompt_tokens":200000,"input":2.5,"output":10}]}'],
  ['ModelRequestPrice', '{"dall-e-3":0.04}'],
  ['DefaultModelRatio', '15'],
  ['GroupRatio', '{"default":1,"vip":0.8}'],
  ['GroupRateLimits', '{"default":{"rpm":60},"vip":{"rpm":600,"tpm":100000,"concurrency":4}}'],
  ['DisplayCurrency', 'CNY'],
  ['SystemName', 'Round Trip'],
];

const CHANNELS = [
  { name: 'azure', type: 3, key: 'sk-azure', base_url: 'https://azure.example.com', models: 'gpt-4o', group: 'default,vip', model_mapping: '{"gpt-4":"gpt-4o"}', priority: 2, weight: 5 },
  { name: 'bedrock', type: 33, key: '', models: 'claude-3-haiku', group: 'default', config: '{"region":"us-east-1","ak":"AK","sk":"SECRET"}', status: 2 },
  { name: 'twin', type: 1, key: 'sk-twin-1', models: 'gpt-4o', group: 'default' },
  { name: 'twin', type: 1, key: 'sk-twin-2', models: 'gpt-4o,dall-e-3', group: 'vip', system_prompt: 'be brief' },
];

/**
 * The claims: an import of an export reproduces the same configuration (on another server too), and an
 * invalid import changes nothing, even when only the last section is bad.
 */
describe.each(databaseKinds)('a configuration round trip on %s', (kind) => {
  let source: TestApp;
  let target: TestApp;
  const cookies = new Map<TestApp, string>();
  beforeAll(async () => {
    [source, target] = await Promise.all([buildTestApp(kind, NO_RATE_LIMITS), buildTestApp(kind, NO_RATE_LIMITS)]);
    for (const t of [source, target]) {
      cookies.set(t, await loginRoot(t.app));
      await addUser(t, 'alice', { quota: t === source ? 1000 : 1 });
    }
    for (const channel of CHANNELS) expect(await call(source, 'POST', '/api/channel/', channel)).toMatchObject({ success: true });
    for (const [key, value] of PRICE_AND_GROUP_OPTIONS) expect(await call(source, 'PUT', '/api/option/', { key, value })).toMatchObject({ success: true });
  });
  afterAll(async () => {
    await Promise.all([source?.close(), target?.close()]);
  });

  async function call(t: TestApp, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) {
    const answer = await t.app.inject({ method, url, headers: { cookie: cookies.get(t) ?? '' }, ...(payload === undefined ? {} : { payload: payload as object }) });
    return answer.json<Envelope<unknown>>();
  }
  const exported = async (t: TestApp) => ({ ...((await call(t, 'GET', '/api/config/export?keys=true')).data as { document: ConfigDocumentInput }).document, exported_at: 0 });
  const importInto = async (t: TestApp, document: unknown) => (await call(t, 'POST', '/api/config/import', document)) as Envelope<ConfigImportResult>;
  /** What the database holds, beyond the document: every channel column but ids and counters, the abilities, the option rows. */
  const stored = async (t: TestApp) => {
    const channels = await t.ctx.db.selectFrom('channels').select(['name', 'type', 'key', 'status', 'base_url', 'other', 'models', 'group', 'model_mapping', 'system_prompt', 'config', 'priority', 'weight']).orderBy('id').execute();
    const abilities = await t.ctx.db
      .selectFrom('abilities')
      .innerJoin('channels', 'channels.id', 'abilities.channel_id')
      .select(['channels.name', 'abilities.group', 'abilities.model', 'abilities.enabled', 'abilities.priority'])
      .orderBy('channels.id')
      .orderBy('abilities.group')
      .orderBy('abilities.model')
      .execute();
    const keys = PRICE_AND_GROUP_OPTIONS.map(([key]) => key);
    const options = await t.ctx.db.selectFrom('options').select(['key', 'value']).where('key', 'in', keys).orderBy('key').execute();
    const quota = (await t.ctx.db.selectFrom('users').select('quota').where('username', '=', 'alice').executeTakeFirstOrThrow()).quota;
    return { channels, abilities: abilities.map((row) => ({ ...row, enabled: Boolean(row.enabled), priority: Number(row.priority) })), options, quota };
  };

  it('reproduces the configuration on another server: prices, tiers, per-request prices, group ratios and limits, channels and quotas', async () => {
    const document = await exported(source);
    expect(document.prices).toMatchObject({ ModelPriceTiers: { 'gpt-4o': [{ above_prompt_tokens: 200000, input: 2.5, output: 10 }] }, ModelRequestPrice: { 'dall-e-3': 0.04 }, DefaultModelRatio: '15' });
    expect(document.groups).toEqual({ default: { ratio: 1, rpm: 60 }, vip: { ratio: 0.8, rpm: 600, tpm: 100000, concurrency: 4 } });

    expect(await importInto(target, document)).toMatchObject({ success: true, data: { applied: true } });
    expect(await exported(target)).toEqual(document);
    expect(await stored(target)).toEqual(await stored(source));
    // The imported server bills with what it imported.
    expect(target.ctx.options.str('ModelRequestPrice')).toBe('{"dall-e-3":0.04}');
    expect(await importInto(target, document)).toMatchObject({ success: true, data: { applied: false } });
  });

  it('puts a drifted server back as it was exported', async () => {
    const document = await exported(source);
    const before = await stored(source);
    const ids = (await source.ctx.db.selectFrom('channels').select('id').orderBy('id').execute()).map((row) => row.id);
    // The last channel deleted (an import adds channels at the end: ids order the export), the first edited.
    await source.app.inject({ method: 'DELETE', url: `/api/channel/${ids[3]}`, headers: { cookie: cookies.get(source) ?? '' } });
    await call(source, 'PUT', '/api/channel/', { id: ids[0], name: 'azure', type: 3, key: '', models: 'gpt-4o,gpt-4o-mini', group: 'default', model_mapping: '', other: '2025-01-01' });
    for (const [key, value] of [
      ['ModelPriceTiers', '{}'],
      ['ModelRequestPrice', '{"dall-e-3":1}'],
      ['GroupRateLimits', '{"vip":{"rpm":1}}'],
      ['GroupRatio', '{"default":2}'],
    ]) {
      expect(await call(source, 'PUT', '/api/option/', { key, value })).toMatchObject({ success: true });
    }
    expect(await stored(source)).not.toEqual(before);

    expect(await importInto(source, document)).toMatchObject({ success: true, data: { applied: true } });
    expect(await exported(source)).toEqual(document);
    const after = await stored(source);
    expect(after.options).toEqual(before.options);
    expect(after.channels).toEqual(before.channels);
    expect(after.abilities).toEqual(before.abilities);
  });

  it('writes nothing of the earlier sections when only the last one has a bad field', async () => {
    const document = await exported(target);
    const before = await stored(target);
    const changedEverywhere = {
      ...document,
      channels: [...(document.channels ?? []).slice(1), { name: 'new', type: 1, key: 'sk-new', models: ['gpt-4o'], groups: ['default'] }],
      prices: { ...document.prices, ModelRequestPrice: { 'dall-e-3': 9 } },
      groups: { default: { ratio: 3 } },
      options: { ...document.options, SystemName: 'Never Written' },
      users: [{ username: 'alice', quota: 5 }, { username: 'alice', quota: 6 }],
    };
    expect(await importInto(target, changedEverywhere)).toEqual({ success: false, message: 'users[1].username: alice is listed twice' });
    expect(await stored(target)).toEqual(before);
    expect(await exported(target)).toEqual(document);
  });
});
