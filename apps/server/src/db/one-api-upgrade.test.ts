import bcrypt from 'bcryptjs';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { createRuntime } from '../bootstrap.js';
import { loadConfig } from '../config.js';
import { createTestDatabase, databaseKinds, type DatabaseKind } from '../../test/databases.js';
import { silentLogger } from '../../test/test-app.js';
import { openDatabase } from './connection.js';
import { parseDatabaseTarget } from './dsn.js';

/**
 * A database as an older one-api (before Lark, OIDC, subnets, system prompts and request ids) left it,
 * written from the column lists of the reference, in each dialect's GORM types.
 */
function oneApiLayout(kind: DatabaseKind): string[] {
  const id = { sqlite: 'integer primary key autoincrement', postgres: 'bigserial primary key', mysql: 'bigint auto_increment primary key' }[kind];
  const text = kind === 'mysql' ? 'longtext' : 'text';
  const bool = kind === 'sqlite' ? 'numeric' : 'boolean';
  const q = (name: string) => (kind === 'mysql' ? `\`${name}\`` : `"${name}"`);
  return [
    `create table users (id ${id}, username varchar(12) unique, password ${text} not null, display_name varchar(20), role bigint default 1, status bigint default 1, email varchar(50), github_id varchar(191), wechat_id varchar(191), access_token char(32), quota bigint default 0, used_quota bigint default 0, request_count bigint default 0, ${q('group')} varchar(32) default 'default', aff_code varchar(32), inviter_id bigint)`,
    `create table tokens (id ${id}, user_id bigint, ${q('key')} char(48), status bigint default 1, name varchar(191), created_time bigint, accessed_time bigint, expired_time bigint default -1, remain_quota bigint default 0, unlimited_quota ${bool} default false, used_quota bigint default 0)`,
    `create table channels (id ${id}, type bigint default 0, ${q('key')} ${text}, status bigint default 1, name varchar(191), weight bigint default 0, created_time bigint, test_time bigint, response_time bigint, base_url varchar(191) default '', other ${text}, balance double precision, balance_updated_time bigint, models ${text}, ${q('group')} varchar(32) default 'default', used_quota bigint default 0, model_mapping varchar(1024) default '', priority bigint default 0)`,
    `create table abilities (${q('group')} varchar(32) not null, model varchar(191) not null, channel_id bigint not null, enabled ${bool}, priority bigint default 0, primary key (${q('group')}, model, channel_id))`,
    `create table redemptions (id ${id}, user_id bigint, ${q('key')} char(32), status bigint default 1, name varchar(191), quota bigint default 100, created_time bigint, redeemed_time bigint)`,
    `create table logs (id ${id}, user_id bigint, created_at bigint, type bigint, content ${text}, username varchar(191) default '', token_name varchar(191) default '', model_name varchar(191) default '', quota bigint default 0, prompt_tokens bigint default 0, completion_tokens bigint default 0, channel_id bigint)`,
    `create table options (${q('key')} varchar(191) primary key, value ${text})`,
    `create index idx_logs_user_id on logs (user_id)`,
  ];
}

describe.each(databaseKinds)('opening a one-api database on %s', (kind) => {
  it('migrates it forward additively, keeps its data, and its bcrypt password logs in', async () => {
    const database = await createTestDatabase(kind);
    const env: Record<string, string> = { SESSION_SECRET: 'upgrade-secret', ...database.env };
    // Go's bcrypt writes the $2a$ prefix; the algorithm is the same as $2b$.
    const goHash = (await bcrypt.hash('one-api-pass', 10)).replace(/^\$2b\$/, '$2a$');
    const q = (name: string) => (kind === 'mysql' ? `\`${name}\`` : `"${name}"`);
    const legacy = await openDatabase(parseDatabaseTarget(env.SQL_DSN, env.SQLITE_PATH ?? ''), { busyTimeoutMs: 1000, maxConnections: 2 });
    try {
      for (const statement of oneApiLayout(kind)) await sql.raw(statement).execute(legacy.db);
      await sql
        .raw(
          `insert into users (username, password, display_name, role, status, email, access_token, quota, ${q('group')}, aff_code) values ('admin', '${goHash}', 'Admin', 100, 1, 'a@example.com', '0123456789abcdef0123456789abcdef', 777, 'vip', 'Ab12')`,
        )
        .execute(legacy.db);
      await sql.raw(`insert into options (${q('key')}, value) values ('SystemName', 'Legacy Gateway')`).execute(legacy.db);
      await sql.raw(`insert into logs (user_id, created_at, type, content, username, quota, channel_id) values (1, 1700000000, 2, 'old', 'admin', 5, 0)`).execute(legacy.db);
    } finally {
      await legacy.destroy();
    }

    const runtime = await createRuntime(loadConfig(env), silentLogger);
    try {
      const app = await buildApp(runtime.ctx);
      const login = await app.inject({ method: 'POST', url: '/api/user/login', payload: { username: 'admin', password: 'one-api-pass' } });
      expect(login.json()).toMatchObject({ success: true, data: { username: 'admin', role: 100 } });
      const self = await app.inject({ method: 'GET', url: '/api/user/self', headers: { authorization: '0123456789abcdef0123456789abcdef' } });
      expect(self.json().data).toMatchObject({ quota: 777, group: 'vip', lark_id: '', oidc_id: '' });
      expect((await app.inject({ method: 'GET', url: '/api/status' })).json().data.system_name).toBe('Legacy Gateway');

      // No second root was created, the old log row is intact, and the new columns exist.
      expect(await runtime.ctx.db.selectFrom('users').select('username').execute()).toEqual([{ username: 'admin' }]);
      const log = await runtime.ctx.db.selectFrom('logs').selectAll().executeTakeFirstOrThrow();
      expect(log).toMatchObject({ content: 'old', quota: 5, request_id: '' });
      const tables = await runtime.ctx.db.introspection.getTables();
      const columns = (name: string) => tables.find((t) => t.name === name)?.columns.map((c) => c.name) ?? [];
      expect(columns('users')).toEqual(expect.arrayContaining(['lark_id', 'oidc_id']));
      expect(columns('tokens')).toEqual(expect.arrayContaining(['models', 'subnet']));
      expect(columns('channels')).toEqual(expect.arrayContaining(['config', 'system_prompt']));
      expect(columns('logs')).toEqual(expect.arrayContaining(['request_id', 'elapsed_time', 'is_stream', 'system_prompt_reset']));
      await app.close();
    } finally {
      await runtime.close();
    }

    // A restart finds nothing left to migrate.
    const again = await createRuntime(loadConfig(env), silentLogger);
    await again.close();
    await database.drop();
  });
});
