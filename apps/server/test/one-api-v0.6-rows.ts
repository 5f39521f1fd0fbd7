import bcrypt from 'bcryptjs';
import type { Kysely } from 'kysely';
import type { LooseDatabase } from './schema-snapshot.js';

/**
 * Rows as one-api v0.6 leaves them, for the tables of `one-api-v0.6.10-schema.ts` and
 * `one-api-v0.6.0-schema.ts`: GORM writes "" and 0 for a struct's empty plain fields and leaves out zero
 * values that have a column default; NULL is where a pointer field was nil or a column was added by a later
 * AutoMigrate to rows that existed before it (lark_id, oidc_id, channels.config). Booleans go in as the
 * dialect takes them (0/1 on SQLite).
 */
export const ROOT_PASSWORD = 'old-root-pass';
export const ALICE_PASSWORD = 'alice-pass-1';
/** Keys are stored without the `sk-` clients send. */
export const ALICE_KEY = 'aliceKey'.padEnd(48, '0');
export const ROOT_ACCESS_TOKEN = '5f1c8d0e3b2a4c6d8e0f1a2b3c4d5e6f';
export const CREATED = 1_700_000_000;

/** one-api's `common.Password2Hash` is Go's bcrypt at the default cost, which writes the $2a$ prefix. */
const goBcrypt = async (password: string) => (await bcrypt.hash(password, 10)).replace(/^\$2b\$/, '$2a$');

export async function seedOneApiV06(db: Kysely<LooseDatabase>, upstreamUrl: string): Promise<void> {
  // An earlier v0.6 lacks some columns (lark_id, subnet, system_prompt…): its rows simply have none.
  const present = new Map((await db.introspection.getTables()).map((t) => [t.name, new Set(t.columns.map((c) => c.name))]));
  const only = (table: string, rows: Record<string, unknown>[]) => rows.map((row) => Object.fromEntries(Object.entries(row).filter(([c]) => present.get(table)?.has(c))));
  const insert = (table: string, rows: Record<string, unknown>[]) => db.insertInto(table).values(only(table, rows)).execute();
  const user = { role: 1, status: 1, email: '', github_id: '', wechat_id: '', lark_id: '', oidc_id: '', used_quota: 0, request_count: 0, group: 'default', inviter_id: 0 };
  await insert('users', [
    // CreateRootAccountIfNeed: no affiliate code (""), the root quota.
    { ...user, username: 'root', password: await goBcrypt(ROOT_PASSWORD), display_name: 'Root User', role: 100, access_token: ROOT_ACCESS_TOKEN, quota: 500_000_000_000_000, aff_code: '' },
    // Registered before v0.6 added Lark and OIDC sign-in: those columns are NULL.
    { ...user, username: 'alice', password: await goBcrypt(ALICE_PASSWORD), display_name: 'alice', email: 'alice@example.com', lark_id: null, oidc_id: null, access_token: 'a1a1a1a1b2b2b2b2c3c3c3c3d4d4d4d4', quota: 400_000, used_quota: 100_000, request_count: 12, group: 'vip', aff_code: 'Qx7a' },
    // Disabled, invited by alice, an older row without an access token.
    { ...user, username: 'bob', password: await goBcrypt('bob-pass-123'), display_name: '', status: 2, lark_id: null, oidc_id: null, access_token: null, quota: 0, aff_code: 'Zz9k', inviter_id: 2 },
  ]);
  await insert('tokens', [
    { user_id: 2, key: ALICE_KEY, status: 1, name: 'alice-key', created_time: CREATED, accessed_time: CREATED + 500, expired_time: -1, remain_quota: 200_000, unlimited_quota: false, used_quota: 5_000, models: null, subnet: '' },
    { user_id: 2, key: 'aliceDefault'.padEnd(48, '0'), status: 1, name: 'default', created_time: CREATED, accessed_time: CREATED, expired_time: -1, remain_quota: -1, unlimited_quota: true, used_quota: 0, models: null, subnet: '' },
    { user_id: 3, key: 'bobExpired'.padEnd(48, '0'), status: 3, name: '', created_time: CREATED, accessed_time: CREATED, expired_time: CREATED + 86_400, remain_quota: 10, unlimited_quota: false, used_quota: 0, models: 'gpt-3.5-turbo,gpt-4o-mini', subnet: '' },
  ]);
  const channel = { weight: 0, test_time: 0, response_time: 0, balance: 0, balance_updated_time: 0, used_quota: 0, priority: 0, system_prompt: null };
  await insert('channels', [
    // Made before the config column existed (NULL), saved by a console that sent model_mapping null: the
    // channel the relay test routes to.
    { ...channel, type: 1, key: 'sk-upstream-one', status: 1, name: 'openai-main', created_time: CREATED, test_time: CREATED + 60, response_time: 812, base_url: upstreamUrl, other: '', balance: 12.5, balance_updated_time: CREATED + 60, models: 'gpt-3.5-turbo,gpt-4o-mini', group: 'default,vip', used_quota: 1_234, model_mapping: null, config: null },
    { ...channel, type: 14, key: 'sk-ant-old', status: 2, name: 'claude-old', created_time: CREATED, weight: null, base_url: null, other: null, models: 'claude-3-haiku-20240307', group: 'default', model_mapping: '', priority: null, config: '{}' },
    { ...channel, type: 3, key: 'azure-key', status: 3, name: 'azure-west', created_time: CREATED, base_url: 'https://example-azure.invalid', other: '2024-03-01-preview', models: 'gpt-3.5-turbo', group: 'default', model_mapping: '{"gpt-3.5-turbo":"gpt-35-turbo"}', priority: 5, config: '{"region":""}', system_prompt: '' },
  ]);
  const ability = (group: string, model: string, channel_id: number, enabled: boolean, priority: number | null) => ({ group, model, channel_id, enabled, priority });
  await insert('abilities', [
    ability('default', 'gpt-3.5-turbo', 1, true, 0),
    ability('default', 'gpt-4o-mini', 1, true, 0),
    ability('vip', 'gpt-3.5-turbo', 1, true, 0),
    ability('vip', 'gpt-4o-mini', 1, true, 0),
    ability('default', 'claude-3-haiku-20240307', 2, false, null),
    ability('default', 'gpt-3.5-turbo', 3, false, 5),
  ]);
  await insert('options', [
    { key: 'SystemName', value: 'Legacy Gateway' },
    { key: 'Notice', value: '' },
    { key: 'QuotaForNewUser', value: '50000' },
    { key: 'RegisterEnabled', value: 'true' },
    { key: 'ModelRatio', value: '{"gpt-3.5-turbo":0.25,"gpt-4o-mini":0.075}' },
    { key: 'GroupRatio', value: '{"default":1,"vip":1}' },
    // An option of a one-api fork Tollgate does not know: kept as it is.
    { key: 'ChatLink2', value: 'https://chat.example/' },
  ]);
  await insert('redemptions', [
    { user_id: 1, key: 'c0de0000000000000000000000000001', status: 1, name: 'launch', quota: 500_000, created_time: CREATED, redeemed_time: 0 },
    { user_id: 1, key: 'c0de0000000000000000000000000002', status: 3, name: 'launch', quota: 500_000, created_time: CREATED, redeemed_time: CREATED + 3_600 },
    { user_id: 1, key: 'c0de0000000000000000000000000003', status: 2, name: '', quota: 100, created_time: CREATED, redeemed_time: 0 },
  ]);
  const log = { channel_id: 0, quota: 0, prompt_tokens: 0, completion_tokens: 0, token_name: '', model_name: '' };
  await insert('logs', [
    { ...log, user_id: 2, created_at: CREATED + 10, type: 4, content: '新用户注册赠送 $0.100000 额度', username: 'alice' },
    { ...log, user_id: 2, created_at: CREATED + 3_600, type: 1, content: '通过兑换码充值 $1.000000 额度', username: 'alice' },
    { ...log, user_id: 2, created_at: CREATED + 7_200, type: 2, content: '模型倍率 0.08，分组倍率 1.00', username: 'alice', token_name: 'alice-key', model_name: 'gpt-4o-mini', quota: 300, prompt_tokens: 100, completion_tokens: 20, channel_id: 1 },
    { ...log, user_id: 2, created_at: CREATED + 7_300, type: 3, content: '管理员将用户额度从 $0.800000 额度修改为 $0.800000 额度', username: 'alice' },
    // A log written without a username (RecordLog found none), type 0.
    { ...log, user_id: 3, created_at: CREATED + 8_000, type: 0, content: '', username: '' },
  ]);
}

/** How many rows of each one-api table the seed wrote. */
export const SEEDED_ROWS = { users: 3, tokens: 3, channels: 3, abilities: 6, options: 7, redemptions: 3, logs: 5 };
