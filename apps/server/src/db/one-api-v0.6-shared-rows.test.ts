import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from '../../test/databases.js';
import { upgradedOneApiDatabase, versionsAndKinds, type UpgradedDatabase } from '../../test/one-api-v0.6-database.js';
import { ROOT_PASSWORD } from '../../test/one-api-v0.6-rows.js';
import { EPOCH_SECOND_COLUMNS, goScanProblem, ONE_API_V06_COLUMNS, optionProblem, PLAIN_VALUE_READS } from '../../test/one-api-v0.6-structs.js';
import { rowsWithTypes } from '../../test/schema-snapshot.js';
import { login, register } from '../../test/test-app.js';

/**
 * After Tollgate has written to a one-api v0.6.10 (or v0.6.0) database (a user registered, a key, a channel and its
 * abilities, a redemption code, consume and system logs, its seeded options), one-api could read every row
 * back: each column its structs read holds a value of the Go type GORM scans it into, booleans are stored as
 * one-api stores them, and times are in Unix seconds.
 */
describe.each(versionsAndKinds(databaseKinds))('rows Tollgate writes to a one-api %s database on %s', (version, kind) => {
  let t: UpgradedDatabase;
  let daveId: number;
  let channelId: number;
  const startedAt = Math.floor(Date.now() / 1000);

  beforeAll(async () => {
    t = await upgradedOneApiDatabase(version, kind);
    const root = await login(t.app, 'root', ROOT_PASSWORD);
    expect(await register(t.app, 'dave')).toMatchObject({ success: true });
    const dave = await login(t.app, 'dave', 'password123');
    const post = async (url: string, cookie: string, payload: object) => {
      const body = (await t.app.inject({ method: 'POST', url, headers: { cookie }, payload })).json<{ success: boolean; message: string; data: unknown }>();
      expect(body, url).toMatchObject({ success: true });
      return body.data;
    };
    await post('/api/token/', dave, { name: 'dave-key', remain_quota: 20_000, expired_time: -1, unlimited_quota: false });
    channelId = Number(await post('/api/channel/', root, { type: 1, key: 'sk-tollgate-made', name: 'tollgate-made', base_url: t.upstream.baseUrl, models: 'gpt-4o', group: 'default', model_mapping: '' }));
    await post('/api/redemption/', root, { name: 'tollgate-code', count: 1, quota: 1_000 });
    const put = async (key: string, value: string) => {
      const body = (await t.app.inject({ method: 'PUT', url: '/api/option/', headers: { cookie: root }, payload: { key, value } })).json<{ success: boolean }>();
      expect(body, key).toMatchObject({ success: true });
    };
    await put('ModelRatio', '{"gpt-4o":2.5}');
    await put('GroupRatio', '{"default":1,"vip":0.8}');
    await put('ChannelDisableThreshold', '3.5');
    await put('QuotaForInvitee', '1000');
    await put('AutomaticDisableChannelEnabled', 'true');
    daveId = (await t.ctx.db.selectFrom('users').select('id').where('username', '=', 'dave').executeTakeFirstOrThrow()).id;
    const key = await t.ctx.db.selectFrom('tokens').select('key').where('name', '=', 'dave-key').executeTakeFirstOrThrow();
    const chat = await t.app.inject({ method: 'POST', url: '/v1/chat/completions', headers: { authorization: `Bearer sk-${key.key}` }, payload: { model: 'gpt-4o', messages: [{ role: 'user', content: 'hi' }] } });
    expect(chat.statusCode, chat.body).toBe(200);
    await t.ctx.relay.usage.flush();
  });
  afterAll(() => t?.close());

  const written = (table: string, where: ReturnType<typeof sql>) => rowsWithTypes(t.ctx.db, kind, table, Object.keys(ONE_API_V06_COLUMNS[table] ?? {}), where);

  /** Every value of these rows that one-api could not scan into its struct, as "table.column: why". */
  function scanProblems(table: string, rows: Record<string, unknown>[]): string[] {
    expect(rows.length, table).toBeGreaterThan(0);
    return rows.flatMap((row) =>
      Object.entries(ONE_API_V06_COLUMNS[table] ?? {}).flatMap(([column, type]) => {
        const problem = goScanProblem(type, row[column], PLAIN_VALUE_READS[table]?.includes(column) ?? false, row[`${column}:type`] as string | undefined);
        return problem ? [`${table}.${column}: ${problem}`] : [];
      }),
    );
  }

  it('writes every column one-api reads with a value of the type it scans', async () => {
    const rows = {
      users: await written('users', sql`id = ${daveId}`),
      tokens: await written('tokens', sql`user_id = ${daveId}`),
      channels: await written('channels', sql`id = ${channelId}`),
      abilities: await written('abilities', sql`channel_id = ${channelId}`),
      redemptions: await written('redemptions', sql`name = ${'tollgate-code'}`),
      logs: await written('logs', sql`user_id = ${daveId}`),
      options: await written('options', sql`1 = 1`),
    };
    expect(rows.tokens.map((r) => r.name).sort()).toEqual(['dave-key', 'default']);
    expect(rows.logs.map((r) => r.type).sort()).toEqual([2, 4]);
    expect(Object.entries(rows).flatMap(([table, tableRows]) => scanProblems(table, tableRows))).toEqual([]);
  });

  it("stores booleans as one-api does and keys at one-api's length", async () => {
    const boolean = kind === 'postgres' ? true : 1;
    const key = await written('tokens', sql`name = ${'default'} and user_id = ${daveId}`);
    expect(key[0]).toMatchObject({ unlimited_quota: boolean, status: 1, expired_time: -1 });
    expect(key[0]?.key).toMatch(/^[0-9A-Za-z]{48}$/);
    expect(await written('abilities', sql`channel_id = ${channelId}`)).toEqual([expect.objectContaining({ group: 'default', model: 'gpt-4o', enabled: boolean })]);
    const user = (await written('users', sql`id = ${daveId}`))[0];
    expect(user?.access_token).toMatch(/^[0-9a-f]{32}$/);
    expect(user?.password).toMatch(/^\$2[aby]\$/);
  });

  it('writes times in Unix seconds', async () => {
    const now = Math.floor(Date.now() / 1000);
    const where: Record<string, ReturnType<typeof sql>> = {
      tokens: sql`user_id = ${daveId}`,
      channels: sql`id = ${channelId}`,
      redemptions: sql`name = ${'tollgate-code'}`,
      logs: sql`user_id = ${daveId}`,
    };
    for (const [table, columns] of Object.entries(EPOCH_SECOND_COLUMNS)) {
      for (const row of await written(table, where[table] ?? sql`1 = 0`)) {
        for (const column of columns) expect(row[column], `${table}.${column}`).toSatisfy((v: number) => v >= startedAt - 5 && v <= now + 5);
      }
    }
  });

  it('stores the options one-api knows in the formats it parses', async () => {
    const options = await t.ctx.db.selectFrom('options').selectAll().execute();
    expect(options.find((o) => o.key === 'ChannelDisableThreshold')?.value).toBe('3.5');
    expect(options.flatMap((o) => optionProblem(o.key, o.value ?? '') ?? [])).toEqual([]);
  });
});
