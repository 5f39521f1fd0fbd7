import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { openDatabase } from '../db/connection.js';
import { parseDatabaseTarget } from '../db/dsn.js';
import { migrateToLatest } from '../db/migrate.js';
import { createRuntime } from '../bootstrap.js';
import { loadConfig } from '../config.js';
import { createTestDatabase, databaseKinds } from '../../test/databases.js';
import { sessionCookie, silentLogger } from '../../test/test-app.js';
import { runCli } from '../../test/tollgate-cli.js';
import { FIXTURE_LOGS, writeOneApiFixture } from './one-api-fixture.test-data.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tollgate-one-api-'));
const source = path.join(dir, 'one-api.db');
await writeOneApiFixture(source);
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe.each(databaseKinds)('npm run tollgate -- import-one-api into %s', (kind) => {
  it('copies every table in batches with progress and a summary, keeping ids, and the gateway runs on it', async () => {
    const target = await createTestDatabase(kind);
    try {
      const run = await runCli(['import-one-api', '--from', source], target.env);
      expect(run.stderr).toContain('imported users 2, tokens 2, channels 2, abilities 3, redemptions 1, options 2, logs 1234');
      expect(run.code).toBe(0);
      // Not a terminal: plain progress lines, one per batch of 500 at most (one per tenth on large tables).
      expect(run.stderr.split('\n').filter((line) => line.startsWith('logs: '))).toEqual(['logs: 500/1234', 'logs: 1000/1234', 'logs: 1234/1234']);

      const runtime = await createRuntime(loadConfig({ SESSION_SECRET: 'import-secret', LOG_LEVEL: 'silent', ...target.env }), silentLogger);
      try {
        const app = await buildApp(runtime.ctx);
        const login = await app.inject({ method: 'POST', url: '/api/user/login', payload: { username: 'root', password: 'one-api-pass' } });
        expect(login.json()).toMatchObject({ success: true, data: { username: 'root', role: 100 } });
        const cookie = sessionCookie(login);
        const alice = await app.inject({ method: 'GET', url: '/api/user/self', headers: { authorization: 'fedcba9876543210fedcba9876543210' } });
        expect(alice.json().data).toMatchObject({ id: 7, username: 'alice', quota: 4321, group: 'vip' });
        const channels = (await app.inject({ method: 'GET', url: '/api/channel/?p=0', headers: { cookie } })).json().data as { id: number; name: string }[];
        expect(channels.map((channel) => [channel.id, channel.name])).toEqual([
          [12, 'old claude'],
          [4, 'old openai'],
        ]);
        const token = await runtime.ctx.db.selectFrom('tokens').selectAll().where('id', '=', 3).executeTakeFirstOrThrow();
        expect(Boolean(token.unlimited_quota)).toBe(true);
        const abilities = await runtime.ctx.db.selectFrom('abilities').selectAll().orderBy('model').execute();
        expect(abilities.map((row) => [row.model, row.channel_id, Boolean(row.enabled)])).toEqual([
          ['claude-3-haiku', 12, false],
          ['gpt-4o', 4, true],
          ['gpt-4o-mini', 4, true],
        ]);
        expect(runtime.ctx.options.str('SystemName')).toBe('Old Gateway');
        const logs = await runtime.ctx.db.selectFrom('logs').select(['id', 'is_stream']).orderBy('id', 'desc').limit(2).execute();
        expect(logs.map((row) => [row.id, Boolean(row.is_stream)])).toEqual([
          [FIXTURE_LOGS, true],
          [FIXTURE_LOGS - 1, false],
        ]);
        // New rows get ids after the imported ones (PostgreSQL's sequences were moved on).
        const created = await app.inject({ method: 'POST', url: '/api/channel/', headers: { cookie }, payload: { name: 'new', type: 1, key: 'sk-new', models: 'gpt-4o', group: 'default' } });
        expect(created.json()).toMatchObject({ success: true });
        expect((await runtime.ctx.db.selectFrom('channels').select('id').where('name', '=', 'new').executeTakeFirstOrThrow()).id).toBe(13);
        await app.close();
      } finally {
        await runtime.close();
      }

      // A second run refuses the database that now holds data, and changes nothing.
      const again = await runCli(['import-one-api', '--from', source], target.env);
      expect(again.code).toBe(1);
      expect(again.stderr).toContain('error: the target database is not empty (users 2, tokens 2, channels 3, abilities 4, redemptions 1, logs 1234)');
    } finally {
      await target.drop();
    }
  });
});

describe('npm run tollgate -- import-one-api, refused', () => {
  it('names a source that does not exist, and asks for --from', async () => {
    const target = await createTestDatabase('sqlite');
    try {
      const missing = await runCli(['import-one-api', '--from', path.join(dir, 'nope.db')], target.env);
      expect(missing).toMatchObject({ code: 1, stderr: `error: no one-api database at ${path.join(dir, 'nope.db')} (give a SQLite file or a DSN)\n` });
      const usage = await runCli(['import-one-api'], target.env);
      expect(usage.code).toBe(2);
      expect(usage.stderr).toContain('import-one-api needs --from SQLITE_FILE|DSN');
    } finally {
      await target.drop();
    }
  });
});

describe.each(databaseKinds.filter((kind) => kind !== 'sqlite'))('npm run tollgate -- import-one-api from a %s DSN', (kind) => {
  it('reads the server database the DSN names, its booleans included', async () => {
    const sourceDatabase = await createTestDatabase(kind);
    const target = await createTestDatabase('sqlite');
    try {
      const dsn = sourceDatabase.env.SQL_DSN ?? '';
      // Tollgate's tables are one-api's plus columns the importer does not read.
      const legacy = await openDatabase(parseDatabaseTarget(dsn, ''), { busyTimeoutMs: 1000, maxConnections: 2 });
      try {
        await migrateToLatest(legacy.db, legacy.dialect);
        await legacy.db.insertInto('users').values({ id: 5, username: 'bob', password: 'x', role: 1, status: 1, quota: 77, used_quota: 0, request_count: 0, group: 'default' }).execute();
        await legacy.db.insertInto('tokens').values({ id: 8, user_id: 5, key: 'b'.repeat(48), status: 1, name: 'k', created_time: 1, accessed_time: 1, expired_time: -1, remain_quota: 0, unlimited_quota: true, used_quota: 0 }).execute();
        await legacy.db.insertInto('channels').values({ id: 6, type: 1, key: 'sk-x', status: 1, name: 'dsn channel', created_time: 1, test_time: 0, response_time: 0, balance: 0, balance_updated_time: 0, group: 'default', used_quota: 0, models: 'gpt-4o' }).execute();
        await legacy.db.insertInto('abilities').values({ group: 'default', model: 'gpt-4o', channel_id: 6, enabled: false, priority: 0 }).execute();
        await legacy.db.insertInto('options').values({ key: 'SystemName', value: 'DSN Gateway' }).execute();
      } finally {
        await legacy.destroy();
      }

      const run = await runCli(['import-one-api', '--from', dsn], target.env);
      expect(run.stderr).toContain('imported users 1, tokens 1, channels 1, abilities 1, redemptions 0, options 1, logs 0');
      expect(run.code).toBe(0);
      const copy = await openDatabase(parseDatabaseTarget(undefined, target.env.SQLITE_PATH ?? ''), { busyTimeoutMs: 1000, maxConnections: 1 });
      try {
        expect(await copy.db.selectFrom('users').select(['id', 'username', 'quota']).execute()).toEqual([{ id: 5, username: 'bob', quota: 77 }]);
        expect(await copy.db.selectFrom('tokens').select(['id', 'unlimited_quota']).execute()).toEqual([{ id: 8, unlimited_quota: 1 }]);
        expect(await copy.db.selectFrom('abilities').select(['channel_id', 'enabled']).execute()).toEqual([{ channel_id: 6, enabled: 0 }]);
        expect(await copy.db.selectFrom('options').select('value').where('key', '=', 'SystemName').executeTakeFirst()).toEqual({ value: 'DSN Gateway' });
      } finally {
        await copy.destroy();
      }
    } finally {
      await target.drop();
      await sourceDatabase.drop();
    }
  });
});
