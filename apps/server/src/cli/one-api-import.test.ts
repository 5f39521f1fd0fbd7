import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
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
