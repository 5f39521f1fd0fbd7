/**
 * The Go type of every column one-api v0.6.10 reads, from its structs (model/*.go): what GORM scans each
 * value into. A `*` type is a pointer and takes NULL. A plain field read in a struct takes NULL too (GORM
 * scans through a pointer and leaves the zero value), but not where one-api reads the column alone into a
 * plain variable: see PLAIN_VALUE_READS.
 */
export type GoType = 'int' | 'string' | 'bool' | 'float' | '*int' | '*string';

export const ONE_API_V06_COLUMNS: Record<string, Record<string, GoType>> = {
  users: {
    id: 'int',
    username: 'string',
    password: 'string',
    display_name: 'string',
    role: 'int',
    status: 'int',
    email: 'string',
    github_id: 'string',
    wechat_id: 'string',
    lark_id: 'string',
    oidc_id: 'string',
    access_token: 'string',
    quota: 'int',
    used_quota: 'int',
    request_count: 'int',
    group: 'string',
    aff_code: 'string',
    inviter_id: 'int',
  },
  tokens: {
    id: 'int',
    user_id: 'int',
    key: 'string',
    status: 'int',
    name: 'string',
    created_time: 'int',
    accessed_time: 'int',
    expired_time: 'int',
    remain_quota: 'int',
    unlimited_quota: 'bool',
    used_quota: 'int',
    models: '*string',
    subnet: '*string',
  },
  channels: {
    id: 'int',
    type: 'int',
    key: 'string',
    status: 'int',
    name: 'string',
    weight: '*int',
    created_time: 'int',
    test_time: 'int',
    response_time: 'int',
    base_url: '*string',
    other: '*string',
    balance: 'float',
    balance_updated_time: 'int',
    models: 'string',
    group: 'string',
    used_quota: 'int',
    model_mapping: '*string',
    priority: '*int',
    config: 'string',
    system_prompt: '*string',
  },
  abilities: { group: 'string', model: 'string', channel_id: 'int', enabled: 'bool', priority: '*int' },
  redemptions: {
    id: 'int',
    user_id: 'int',
    key: 'string',
    status: 'int',
    name: 'string',
    quota: 'int',
    created_time: 'int',
    redeemed_time: 'int',
  },
  logs: {
    id: 'int',
    user_id: 'int',
    created_at: 'int',
    type: 'int',
    content: 'string',
    username: 'string',
    token_name: 'string',
    model_name: 'string',
    quota: 'int',
    prompt_tokens: 'int',
    completion_tokens: 'int',
    channel_id: 'int',
  },
  options: { key: 'string', value: 'string' },
};

/**
 * Columns one-api reads alone into a Go variable, where database/sql refuses a NULL ("converting NULL to
 * string is unsupported"): model/user.go's GetUserQuota, GetUserUsedQuota, GetUserEmail, GetUserGroup,
 * GetUsernameById and GetRootUserEmail, and ability.go's Pluck("model").
 */
export const PLAIN_VALUE_READS: Record<string, string[]> = {
  users: ['quota', 'used_quota', 'email', 'group', 'username'],
  abilities: ['model'],
};

/** Columns holding a Unix time that one-api reads and writes in seconds. */
export const EPOCH_SECOND_COLUMNS: Record<string, string[]> = {
  tokens: ['created_time', 'accessed_time'],
  channels: ['created_time'],
  redemptions: ['created_time'],
  logs: ['created_at'],
};

/**
 * Why a value read back would not scan into its Go type as one-api stores it, or undefined when it would.
 * Booleans: 0/1 on SQLite and MySQL (SQLite's typeof must be integer: GORM's driver parses only those), a
 * boolean on PostgreSQL.
 */
export function goScanProblem(type: GoType, value: unknown, readAlone: boolean, sqliteType?: string): string | undefined {
  if (value === null || value === undefined) return readAlone ? 'NULL in a column one-api reads alone into a plain value' : undefined;
  switch (type.replace('*', '')) {
    case 'int':
      return Number.isInteger(value) && (sqliteType === undefined || sqliteType === 'integer') ? undefined : `not an integer: ${JSON.stringify(value)} (${sqliteType ?? typeof value})`;
    case 'float':
      return typeof value === 'number' ? undefined : `not a number: ${JSON.stringify(value)}`;
    case 'bool':
      if (typeof value === 'boolean') return undefined;
      return (value === 0 || value === 1) && (sqliteType === undefined || sqliteType === 'integer') ? undefined : `not a stored boolean: ${JSON.stringify(value)} (${sqliteType ?? typeof value})`;
    default:
      return typeof value === 'string' ? undefined : `not a string: ${JSON.stringify(value)}`;
  }
}

/**
 * How one-api v0.6.10 parses the options it knows (model/option.go, updateOptionMap): keys ending in Enabled
 * are true only as "true"; numbers go through strconv (a value it cannot parse silently becomes 0); the
 * ratio tables are JSON objects of numbers (one it cannot parse is refused). Other keys are taken as text.
 */
export const ONE_API_V06_OPTION_FORMATS: Record<string, 'int' | 'float' | 'ratios'> = {
  SMTPPort: 'int',
  QuotaForNewUser: 'int',
  QuotaForInviter: 'int',
  QuotaForInvitee: 'int',
  QuotaRemindThreshold: 'int',
  PreConsumedQuota: 'int',
  RetryTimes: 'int',
  ChannelDisableThreshold: 'float',
  QuotaPerUnit: 'float',
  ModelRatio: 'ratios',
  GroupRatio: 'ratios',
  CompletionRatio: 'ratios',
};

/** Why one-api v0.6.10 would read this option otherwise than it was meant, or undefined when it reads it right. */
export function optionProblem(key: string, value: string): string | undefined {
  if (key.endsWith('Enabled')) return value === 'true' || value === 'false' ? undefined : `${key}: not "true" or "false": ${value}`;
  switch (ONE_API_V06_OPTION_FORMATS[key]) {
    case 'int':
      return /^-?\d+$/.test(value) ? undefined : `${key}: not an integer: ${value}`;
    case 'float':
      return value.trim() !== '' && Number.isFinite(Number(value)) ? undefined : `${key}: not a number: ${value}`;
    case 'ratios':
      return isRatioTable(value) ? undefined : `${key}: not a JSON object of numbers: ${value}`;
    default:
      return undefined;
  }
}

function isRatioTable(value: string): boolean {
  try {
    const parsed: unknown = JSON.parse(value);
    return !!parsed && typeof parsed === 'object' && !Array.isArray(parsed) && Object.values(parsed).every((v) => typeof v === 'number');
  } catch {
    return false;
  }
}
