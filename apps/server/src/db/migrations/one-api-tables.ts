/**
 * The tables of one-api (reference section 5) as data: column names, logical types and defaults,
 * and index names as GORM made them, so that an existing one-api database is recognised and only
 * what it lacks is added.
 */
export type ColumnType = 'id' | 'int' | 'bigint' | 'bool' | 'float' | 'text' | `varchar(${number})`;

export interface ColumnSpec {
  name: string;
  type: ColumnType;
  notNull?: boolean;
  default?: string | number | boolean;
}

export interface IndexSpec {
  name: string;
  columns: string[];
  unique?: boolean;
}

export interface TableSpec {
  name: string;
  columns: ColumnSpec[];
  primaryKey?: string[];
  indexes: IndexSpec[];
}

const col = (name: string, type: ColumnType, extra: Omit<ColumnSpec, 'name' | 'type'> = {}): ColumnSpec => ({ name, type, ...extra });
const index = (table: string, column: string, unique = false): IndexSpec => ({ name: `idx_${table}_${column}`, columns: [column], unique });

export const ONE_API_TABLES: TableSpec[] = [
  {
    name: 'users',
    columns: [
      col('id', 'id'),
      col('username', 'varchar(191)', { notNull: true }),
      col('password', 'text', { notNull: true }),
      col('display_name', 'varchar(191)', { default: '' }),
      col('role', 'int', { default: 1 }),
      col('status', 'int', { default: 1 }),
      col('email', 'varchar(191)', { default: '' }),
      col('github_id', 'varchar(191)', { default: '' }),
      col('wechat_id', 'varchar(191)', { default: '' }),
      col('lark_id', 'varchar(191)', { default: '' }),
      col('oidc_id', 'varchar(191)', { default: '' }),
      col('access_token', 'varchar(32)'),
      col('quota', 'bigint', { default: 0 }),
      col('used_quota', 'bigint', { default: 0 }),
      col('request_count', 'int', { default: 0 }),
      col('group', 'varchar(32)', { default: 'default' }),
      col('aff_code', 'varchar(32)'),
      col('inviter_id', 'int', { default: 0 }),
    ],
    indexes: [
      index('users', 'username', true),
      index('users', 'display_name'),
      index('users', 'email'),
      // GORM names an index after the Go field, not the column: GitHubId and WeChatId give these names.
      // Under any other name Tollgate would add a second index on one-api's column (and one-api a third).
      { name: 'idx_users_git_hub_id', columns: ['github_id'] },
      { name: 'idx_users_we_chat_id', columns: ['wechat_id'] },
      index('users', 'lark_id'),
      index('users', 'oidc_id'),
      index('users', 'access_token', true),
      index('users', 'aff_code', true),
      index('users', 'inviter_id'),
    ],
  },
  {
    name: 'tokens',
    columns: [
      col('id', 'id'),
      col('user_id', 'int', { default: 0 }),
      col('key', 'varchar(48)', { notNull: true }),
      col('status', 'int', { default: 1 }),
      col('name', 'varchar(191)', { default: '' }),
      col('created_time', 'bigint', { default: 0 }),
      col('accessed_time', 'bigint', { default: 0 }),
      col('expired_time', 'bigint', { default: -1 }),
      col('remain_quota', 'bigint', { default: 0 }),
      col('unlimited_quota', 'bool', { default: false }),
      col('used_quota', 'bigint', { default: 0 }),
      col('models', 'text'),
      col('subnet', 'text'),
    ],
    indexes: [index('tokens', 'key', true), index('tokens', 'name'), index('tokens', 'user_id')],
  },
  {
    name: 'channels',
    columns: [
      col('id', 'id'),
      col('type', 'int', { default: 0 }),
      col('key', 'text', { notNull: true }),
      col('status', 'int', { default: 1 }),
      col('name', 'varchar(191)', { default: '' }),
      col('weight', 'int', { default: 0 }),
      col('created_time', 'bigint', { default: 0 }),
      col('test_time', 'bigint', { default: 0 }),
      col('response_time', 'int', { default: 0 }),
      col('base_url', 'text'),
      col('other', 'text'),
      col('balance', 'float', { default: 0 }),
      col('balance_updated_time', 'bigint', { default: 0 }),
      col('models', 'text'),
      col('group', 'varchar(32)', { default: 'default' }),
      col('used_quota', 'bigint', { default: 0 }),
      col('model_mapping', 'varchar(1024)', { default: '' }),
      col('priority', 'bigint', { default: 0 }),
      col('config', 'text'),
      col('system_prompt', 'text'),
    ],
    indexes: [index('channels', 'name')],
  },
  {
    name: 'abilities',
    columns: [
      col('group', 'varchar(32)', { notNull: true }),
      col('model', 'varchar(191)', { notNull: true }),
      col('channel_id', 'int', { notNull: true }),
      col('enabled', 'bool', { default: true }),
      col('priority', 'bigint', { default: 0 }),
    ],
    primaryKey: ['group', 'model', 'channel_id'],
    indexes: [index('abilities', 'channel_id'), index('abilities', 'priority')],
  },
  {
    name: 'redemptions',
    columns: [
      col('id', 'id'),
      col('user_id', 'int', { default: 0 }),
      col('key', 'varchar(32)', { notNull: true }),
      col('status', 'int', { default: 1 }),
      col('name', 'varchar(191)', { default: '' }),
      col('quota', 'bigint', { default: 100 }),
      col('created_time', 'bigint', { default: 0 }),
      col('redeemed_time', 'bigint', { default: 0 }),
    ],
    indexes: [index('redemptions', 'key', true), index('redemptions', 'name')],
  },
  {
    name: 'logs',
    columns: [
      col('id', 'id'),
      col('user_id', 'int', { default: 0 }),
      col('created_at', 'bigint', { default: 0 }),
      col('type', 'int', { default: 0 }),
      col('content', 'text'),
      col('username', 'varchar(191)', { default: '' }),
      col('token_name', 'varchar(191)', { default: '' }),
      col('model_name', 'varchar(191)', { default: '' }),
      col('quota', 'int', { default: 0 }),
      col('prompt_tokens', 'int', { default: 0 }),
      col('completion_tokens', 'int', { default: 0 }),
      col('channel_id', 'int', { default: 0 }),
      col('request_id', 'varchar(64)', { default: '' }),
      col('elapsed_time', 'bigint', { default: 0 }),
      col('is_stream', 'bool', { default: false }),
      col('system_prompt_reset', 'bool', { default: false }),
    ],
    indexes: [
      index('logs', 'user_id'),
      { name: 'idx_created_at_type', columns: ['created_at', 'type'] },
      { name: 'index_username_model_name', columns: ['model_name', 'username'] },
      index('logs', 'token_name'),
      index('logs', 'model_name'),
      index('logs', 'channel_id'),
    ],
  },
  {
    name: 'options',
    columns: [col('key', 'varchar(191)', { notNull: true }), col('value', 'text')],
    primaryKey: ['key'],
    indexes: [],
  },
];

/** Tollgate's own table: verification codes and reset tokens, shared by every node (one-api keeps them in memory). */
export const VERIFICATION_CODES_TABLE: TableSpec = {
  name: 'verification_codes',
  columns: [
    col('purpose', 'varchar(32)', { notNull: true }),
    col('subject', 'varchar(191)', { notNull: true }),
    col('code', 'varchar(64)', { notNull: true }),
    col('expires_at', 'bigint', { notNull: true }),
  ],
  primaryKey: ['purpose', 'subject', 'code'],
  indexes: [{ name: 'idx_verification_codes_expires_at', columns: ['expires_at'] }],
};
