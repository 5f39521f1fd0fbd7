import type { Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { UsageRollupsDailyTable, UsageRollupsTable, UsageTotalsTable } from './usage-rollups.js';
import type { UserTwoFactorTable } from './two-factor-table.js';
import type { PasskeyChallengesTable, PasskeysTable } from './passkey-tables.js';
import type { ResponseCacheTable } from './response-cache-table.js';

/**
 * one-api's tables, column for column (reference section 5), so an existing one-api database opens as is.
 * Booleans come back as 0/1 from SQLite and MySQL and as true/false from PostgreSQL: read them with `toBool`.
 */
type DbBool = boolean | number;

export interface UsersTable {
  id: Generated<number>;
  username: string;
  password: string;
  display_name: string | null;
  role: number;
  status: number;
  email: string | null;
  github_id: string | null;
  wechat_id: string | null;
  lark_id: string | null;
  oidc_id: string | null;
  access_token: string | null;
  quota: number;
  used_quota: number;
  request_count: number;
  group: string;
  aff_code: string | null;
  inviter_id: number | null;
  /** Tollgate's rate limits (0 = none); one-api ignores these columns. */
  rpm_limit: Generated<number>;
  tpm_limit: Generated<number>;
  concurrency_limit: Generated<number>;
  /** Tollgate's spending budget (quota units per period; 0 or '' = none); one-api ignores these columns. */
  budget_amount: Generated<number>;
  budget_period: Generated<string>;
}

export interface TokensTable {
  id: Generated<number>;
  user_id: number;
  key: string;
  status: number;
  name: string | null;
  created_time: number;
  accessed_time: number;
  expired_time: number;
  remain_quota: number;
  unlimited_quota: DbBool;
  used_quota: number;
  models: string | null;
  subnet: string | null;
  /** Tollgate's rate limits (0 = none); one-api ignores these columns. */
  rpm_limit: Generated<number>;
  tpm_limit: Generated<number>;
  concurrency_limit: Generated<number>;
  /** Tollgate's spending budget (quota units per period; 0 or '' = none); one-api ignores these columns. */
  budget_amount: Generated<number>;
  budget_period: Generated<string>;
  /** Tollgate's response cache switch (1 = the key's answers are cached); one-api ignores this column. */
  response_cache: Generated<number>;
}

export interface ChannelsTable {
  id: Generated<number>;
  type: number;
  key: string;
  status: number;
  name: string | null;
  weight: number | null;
  created_time: number;
  test_time: number;
  response_time: number;
  base_url: string | null;
  other: string | null;
  balance: number;
  balance_updated_time: number;
  models: string | null;
  group: string;
  used_quota: number;
  model_mapping: string | null;
  priority: number | null;
  config: string | null;
  system_prompt: string | null;
}

export interface AbilitiesTable {
  group: string;
  model: string;
  channel_id: number;
  enabled: DbBool;
  priority: number | null;
}

export interface RedemptionsTable {
  id: Generated<number>;
  user_id: number;
  key: string;
  status: number;
  name: string | null;
  quota: number;
  created_time: number;
  redeemed_time: number;
}

export interface LogsTable {
  id: Generated<number>;
  user_id: number;
  created_at: number;
  type: number;
  content: string | null;
  username: string | null;
  token_name: string | null;
  model_name: string | null;
  quota: number;
  prompt_tokens: number;
  completion_tokens: number;
  channel_id: number;
  request_id: string | null;
  elapsed_time: number;
  is_stream: DbBool;
  system_prompt_reset: DbBool;
  /** Tollgate's: the consume log's breakdown (LogOther JSON); NULL in rows one-api wrote. */
  other: string | null;
}

export interface OptionsTable {
  key: string;
  value: string | null;
}

/** Tollgate's own: short-lived single-use codes (email verification, password reset) shared by every node. */
export interface VerificationCodesTable {
  purpose: string;
  subject: string;
  code: string;
  expires_at: number;
}

export interface Database {
  users: UsersTable;
  tokens: TokensTable;
  channels: ChannelsTable;
  abilities: AbilitiesTable;
  redemptions: RedemptionsTable;
  logs: LogsTable;
  options: OptionsTable;
  verification_codes: VerificationCodesTable;
  cache_versions: CacheVersionsTable;
  response_routes: ResponseRoutesTable;
  usage_rollups: UsageRollupsTable;
  usage_rollups_daily: UsageRollupsDailyTable;
  usage_totals: UsageTotalsTable;
  price_source_files: PriceSourceFilesTable;
  usage_journal_marks: UsageJournalMarksTable;
  user_two_factor: UserTwoFactorTable;
  passkeys: PasskeysTable;
  passkey_challenges: PasskeyChallengesTable;
  response_cache: ResponseCacheTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type TokenRow = Selectable<TokensTable>;
export type NewToken = Insertable<TokensTable>;
export type NewLog = Insertable<LogsTable>;
export type ChannelRow = Selectable<ChannelsTable>;
export type NewChannel = Insertable<ChannelsTable>;

export const toBool = (value: DbBool | null | undefined): boolean => value === true || value === 1;

export interface CacheVersionsTable {
  name: string;
  version: number;
}

/** Tollgate's own: how far each node's usage journal is written to the database (relay/billing/usage-journal.ts). */
export interface UsageJournalMarksTable {
  node: string;
  counters_seq: number;
  logs_seq: number;
}

/** Tollgate's own: the price source file applied last (text, hash, where and when it was fetched), one row per source. */
export interface PriceSourceFilesTable {
  source: string;
  url: string;
  sha256: string;
  fetched_at: number;
  /** The last time a node fetched the source (a scheduled check that found nothing new included). */
  checked_at: number;
  data: string;
}

/** Tollgate's own: the channel that stored each passed-through Responses API response, and whose it is. */
export interface ResponseRoutesTable {
  response_id: string;
  channel_id: number;
  user_id: number;
  created_at: number;
}
