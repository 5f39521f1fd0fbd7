import bcrypt from 'bcryptjs';
import SQLite from 'better-sqlite3';

/**
 * A one-api v0.6 database as its SQLite build leaves it (GORM's types: numeric booleans, bigint ids), written
 * from the reference's column lists: the importer's tests read it as an operator's old database.
 */
const LAYOUT = [
  `create table users (id integer primary key autoincrement, username text unique, password text not null, display_name text, role integer default 1, status integer default 1, email text, github_id text, wechat_id text, lark_id text, oidc_id text, access_token char(32) unique, quota integer default 0, used_quota integer default 0, request_count integer default 0, "group" text default 'default', aff_code text unique, inviter_id integer)`,
  `create table tokens (id integer primary key autoincrement, user_id integer, "key" char(48) unique, status integer default 1, name text, created_time integer, accessed_time integer, expired_time integer default -1, remain_quota integer default 0, unlimited_quota numeric default false, used_quota integer default 0, models text, subnet text default '')`,
  `create table channels (id integer primary key autoincrement, type integer default 0, "key" text, status integer default 1, name text, weight integer default 0, created_time integer, test_time integer, response_time integer, base_url text default '', other text, balance real, balance_updated_time integer, models text, "group" text default 'default', used_quota integer default 0, model_mapping text default '', priority integer default 0, config text, system_prompt text)`,
  `create table abilities ("group" text not null, model text not null, channel_id integer not null, enabled numeric, priority integer default 0, primary key ("group", model, channel_id))`,
  `create table redemptions (id integer primary key autoincrement, user_id integer, "key" char(32) unique, status integer default 1, name text, quota integer default 100, created_time integer, redeemed_time integer)`,
  `create table logs (id integer primary key autoincrement, user_id integer, created_at integer, type integer, content text, username text default '', token_name text default '', model_name text default '', quota integer default 0, prompt_tokens integer default 0, completion_tokens integer default 0, channel_id integer, request_id text default '', elapsed_time integer default 0, is_stream numeric default false, system_prompt_reset numeric default false)`,
  `create table options ("key" text primary key, value text)`,
];

export const FIXTURE_LOGS = 1234;

/** Writes the fixture at `file`: two users, two keys, two channels with three abilities, a code, options and logs. */
export async function writeOneApiFixture(file: string): Promise<void> {
  const db = new SQLite(file);
  try {
    for (const statement of LAYOUT) db.exec(statement);
    // Go's bcrypt writes the $2a$ prefix.
    const hash = (await bcrypt.hash('one-api-pass', 4)).replace(/^\$2b\$/, '$2a$');
    const user = db.prepare(`insert into users (id, username, password, display_name, role, status, email, access_token, quota, used_quota, "group", aff_code) values (?, ?, ?, ?, ?, 1, '', ?, ?, 0, ?, ?)`);
    user.run(1, 'root', hash, 'Root User', 100, '0123456789abcdef0123456789abcdef', 9000, 'default', 'AAAA');
    user.run(7, 'alice', hash, 'Alice', 1, 'fedcba9876543210fedcba9876543210', 4321, 'vip', 'BBBB');
    const token = db.prepare(`insert into tokens (id, user_id, "key", status, name, created_time, accessed_time, expired_time, remain_quota, unlimited_quota, used_quota) values (?, ?, ?, 1, ?, 1700000000, 0, -1, ?, ?, 0)`);
    token.run(3, 1, 'r'.repeat(48), 'root key', 0, 1);
    token.run(9, 7, 'a'.repeat(48), 'alice key', 500, 0);
    const channel = db.prepare(`insert into channels (id, type, "key", status, name, weight, created_time, models, "group", priority, model_mapping) values (?, ?, ?, 1, ?, 0, 1700000000, ?, ?, ?, '')`);
    channel.run(4, 1, 'sk-old-openai', 'old openai', 'gpt-4o,gpt-4o-mini', 'default', 0);
    channel.run(12, 14, 'sk-ant-old', 'old claude', 'claude-3-haiku', 'vip', 5);
    const ability = db.prepare(`insert into abilities ("group", model, channel_id, enabled, priority) values (?, ?, ?, ?, ?)`);
    ability.run('default', 'gpt-4o', 4, 1, 0);
    ability.run('default', 'gpt-4o-mini', 4, 1, 0);
    ability.run('vip', 'claude-3-haiku', 12, 0, 5);
    db.prepare(`insert into redemptions (id, user_id, "key", status, name, quota, created_time, redeemed_time) values (2, 1, ?, 1, 'gift', 100, 1700000000, 0)`).run('c'.repeat(32));
    const option = db.prepare(`insert into options ("key", value) values (?, ?)`);
    option.run('SystemName', 'Old Gateway');
    option.run('ModelRatio', '{"gpt-4o":2.5}');
    const log = db.prepare(`insert into logs (user_id, created_at, type, content, username, model_name, quota, prompt_tokens, completion_tokens, channel_id, is_stream) values (7, ?, 2, 'call', 'alice', 'gpt-4o', 10, 5, 5, 4, ?)`);
    db.transaction(() => {
      for (let i = 0; i < FIXTURE_LOGS; i += 1) log.run(1700000000 + i, i % 2);
    })();
  } finally {
    db.close();
  }
}
