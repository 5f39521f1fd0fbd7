import type { DatabaseKind } from './databases.js';

/**
 * The schema one-api v0.6.10 (its last v0.6 release) creates, statement for statement as its GORM
 * (gorm v1.25.10; drivers sqlite v1.5.5, postgres v1.5.7, mysql v1.5.6) AutoMigrate writes it, derived from
 * the structs' tags in songquanpeng/one-api model/channel.go, token.go, user.go, option.go, redemption.go,
 * ability.go and log.go and from model/main.go's migrateDB order. What GORM does with those tags:
 * - Go `int` and `int64` are 64 bits: bigint on PostgreSQL and MySQL (also under `type:int`), integer on
 *   SQLite; `*uint` is bigint (unsigned on MySQL); float64 is `decimal` on PostgreSQL, double, real.
 * - bool is `numeric` on SQLite and `boolean` elsewhere (MySQL shows it as tinyint(1)).
 * - A string without `type:` is text on SQLite and PostgreSQL; on MySQL varchar(191) when it is indexed,
 *   a key or has a default, otherwise longtext. `type:text`, `char(n)` and `varchar(n)` are taken as written.
 * - `unique` is a constraint `uni_<table>_<column>`; `index`/`uniqueIndex` name the index after the Go field
 *   (`GitHubId` makes idx_users_git_hub_id although the column is github_id). SQLite and PostgreSQL create
 *   indexes after the table, MySQL inside it. Default strings are quoted with `"` on SQLite, `'` elsewhere.
 * v0.6.10's logs have no request_id, elapsed_time, is_stream or system_prompt_reset (added after it).
 */
export function oneApiV0610Schema(kind: DatabaseKind): string[] {
  return { sqlite: sqliteSchema, postgres: postgresSchema, mysql: mysqlSchema }[kind];
}

/** Indexes as [index name, table, comma list of columns, unique]. */
export type IndexList = [string, string, string, boolean][];

/** The index each one-api v0.6.10 struct field asks for. */
export const V0610_INDEXES: IndexList = [
  ['idx_channels_name', 'channels', 'name', false],
  ['idx_tokens_key', 'tokens', 'key', true],
  ['idx_tokens_name', 'tokens', 'name', false],
  ['idx_users_username', 'users', 'username', false],
  ['idx_users_display_name', 'users', 'display_name', false],
  ['idx_users_email', 'users', 'email', false],
  ['idx_users_git_hub_id', 'users', 'github_id', false],
  ['idx_users_we_chat_id', 'users', 'wechat_id', false],
  ['idx_users_lark_id', 'users', 'lark_id', false],
  ['idx_users_oidc_id', 'users', 'oidc_id', false],
  ['idx_users_access_token', 'users', 'access_token', true],
  ['idx_users_aff_code', 'users', 'aff_code', true],
  ['idx_users_inviter_id', 'users', 'inviter_id', false],
  ['idx_redemptions_key', 'redemptions', 'key', true],
  ['idx_redemptions_name', 'redemptions', 'name', false],
  ['idx_abilities_channel_id', 'abilities', 'channel_id', false],
  ['idx_abilities_priority', 'abilities', 'priority', false],
  ['idx_logs_user_id', 'logs', 'user_id', false],
  ['idx_created_at_type', 'logs', 'created_at,type', false],
  ['idx_logs_token_name', 'logs', 'token_name', false],
  ['index_username_model_name', 'logs', 'model_name,username', false],
  ['idx_logs_model_name', 'logs', 'model_name', false],
  ['idx_logs_channel_id', 'logs', 'channel_id', false],
];

export const createIndexes = (indexes: IndexList, q: (name: string) => string, ifNotExists: string) =>
  indexes.map(
    ([name, table, columns, unique]) =>
      `CREATE ${unique ? 'UNIQUE ' : ''}INDEX ${ifNotExists}${q(name)} ON ${q(table)} (${columns.split(',').map(q).join(',')})`,
  );

export const bq = (name: string) => `\`${name}\``;
export const dq = (name: string) => `"${name}"`;

const sqliteSchema = [
  'CREATE TABLE `channels` (`id` integer PRIMARY KEY AUTOINCREMENT,`type` integer DEFAULT 0,`key` text,`status` integer DEFAULT 1,`name` text,`weight` integer DEFAULT 0,`created_time` integer,`test_time` integer,`response_time` integer,`base_url` text DEFAULT "",`other` text,`balance` real,`balance_updated_time` integer,`models` text,`group` varchar(32) DEFAULT "default",`used_quota` integer DEFAULT 0,`model_mapping` varchar(1024) DEFAULT "",`priority` integer DEFAULT 0,`config` text,`system_prompt` text)',
  'CREATE TABLE `tokens` (`id` integer PRIMARY KEY AUTOINCREMENT,`user_id` integer,`key` char(48),`status` integer DEFAULT 1,`name` text,`created_time` integer,`accessed_time` integer,`expired_time` integer DEFAULT -1,`remain_quota` integer DEFAULT 0,`unlimited_quota` numeric DEFAULT false,`used_quota` integer DEFAULT 0,`models` text,`subnet` text DEFAULT "")',
  'CREATE TABLE `users` (`id` integer PRIMARY KEY AUTOINCREMENT,`username` text,`password` text NOT NULL,`display_name` text,`role` integer DEFAULT 1,`status` integer DEFAULT 1,`email` text,`github_id` text,`wechat_id` text,`lark_id` text,`oidc_id` text,`access_token` char(32),`quota` integer DEFAULT 0,`used_quota` integer DEFAULT 0,`request_count` integer DEFAULT 0,`group` varchar(32) DEFAULT "default",`aff_code` varchar(32),`inviter_id` integer,CONSTRAINT `uni_users_username` UNIQUE (`username`))',
  'CREATE TABLE `options` (`key` text,`value` text,PRIMARY KEY (`key`))',
  'CREATE TABLE `redemptions` (`id` integer PRIMARY KEY AUTOINCREMENT,`user_id` integer,`key` char(32),`status` integer DEFAULT 1,`name` text,`quota` integer DEFAULT 100,`created_time` integer,`redeemed_time` integer)',
  'CREATE TABLE `abilities` (`group` varchar(32),`model` text,`channel_id` integer,`enabled` numeric,`priority` integer DEFAULT 0,PRIMARY KEY (`group`,`model`,`channel_id`))',
  'CREATE TABLE `logs` (`id` integer PRIMARY KEY AUTOINCREMENT,`user_id` integer,`created_at` integer,`type` integer,`content` text,`username` text DEFAULT "",`token_name` text DEFAULT "",`model_name` text DEFAULT "",`quota` integer DEFAULT 0,`prompt_tokens` integer DEFAULT 0,`completion_tokens` integer DEFAULT 0,`channel_id` integer)',
  ...createIndexes(V0610_INDEXES, bq, ''),
];

const postgresSchema = [
  `CREATE TABLE "channels" ("id" bigserial,"type" bigint DEFAULT 0,"key" text,"status" bigint DEFAULT 1,"name" text,"weight" bigint DEFAULT 0,"created_time" bigint,"test_time" bigint,"response_time" bigint,"base_url" text DEFAULT '',"other" text,"balance" decimal,"balance_updated_time" bigint,"models" text,"group" varchar(32) DEFAULT 'default',"used_quota" bigint DEFAULT 0,"model_mapping" varchar(1024) DEFAULT '',"priority" bigint DEFAULT 0,"config" text,"system_prompt" text,PRIMARY KEY ("id"))`,
  `CREATE TABLE "tokens" ("id" bigserial,"user_id" bigint,"key" char(48),"status" bigint DEFAULT 1,"name" text,"created_time" bigint,"accessed_time" bigint,"expired_time" bigint DEFAULT -1,"remain_quota" bigint DEFAULT 0,"unlimited_quota" boolean DEFAULT false,"used_quota" bigint DEFAULT 0,"models" text,"subnet" text DEFAULT '',PRIMARY KEY ("id"))`,
  `CREATE TABLE "users" ("id" bigserial,"username" text,"password" text NOT NULL,"display_name" text,"role" bigint DEFAULT 1,"status" bigint DEFAULT 1,"email" text,"github_id" text,"wechat_id" text,"lark_id" text,"oidc_id" text,"access_token" char(32),"quota" bigint DEFAULT 0,"used_quota" bigint DEFAULT 0,"request_count" bigint DEFAULT 0,"group" varchar(32) DEFAULT 'default',"aff_code" varchar(32),"inviter_id" bigint,PRIMARY KEY ("id"),CONSTRAINT "uni_users_username" UNIQUE ("username"))`,
  `CREATE TABLE "options" ("key" text,"value" text,PRIMARY KEY ("key"))`,
  `CREATE TABLE "redemptions" ("id" bigserial,"user_id" bigint,"key" char(32),"status" bigint DEFAULT 1,"name" text,"quota" bigint DEFAULT 100,"created_time" bigint,"redeemed_time" bigint,PRIMARY KEY ("id"))`,
  `CREATE TABLE "abilities" ("group" varchar(32),"model" text,"channel_id" bigint,"enabled" boolean,"priority" bigint DEFAULT 0,PRIMARY KEY ("group","model","channel_id"))`,
  `CREATE TABLE "logs" ("id" bigserial,"user_id" bigint,"created_at" bigint,"type" bigint,"content" text,"username" text DEFAULT '',"token_name" text DEFAULT '',"model_name" text DEFAULT '',"quota" bigint DEFAULT 0,"prompt_tokens" bigint DEFAULT 0,"completion_tokens" bigint DEFAULT 0,"channel_id" bigint,PRIMARY KEY ("id"))`,
  ...createIndexes(V0610_INDEXES, dq, 'IF NOT EXISTS '),
];

/** MySQL's indexes, written inside CREATE TABLE as GORM does there. */
export const mysqlIndexes = (indexes: IndexList, table: string) =>
  indexes.filter(([, owner]) => owner === table)
    .map(([name, , columns, unique]) => `,${unique ? 'UNIQUE ' : ''}INDEX ${bq(name)} (${columns.split(',').map(bq).join(',')})`)
    .join('');

const mysqlSchema = [
  `CREATE TABLE \`channels\` (\`id\` bigint AUTO_INCREMENT,\`type\` bigint DEFAULT 0,\`key\` text,\`status\` bigint DEFAULT 1,\`name\` varchar(191),\`weight\` bigint unsigned DEFAULT 0,\`created_time\` bigint,\`test_time\` bigint,\`response_time\` bigint,\`base_url\` varchar(191) DEFAULT '',\`other\` longtext,\`balance\` double,\`balance_updated_time\` bigint,\`models\` longtext,\`group\` varchar(32) DEFAULT 'default',\`used_quota\` bigint DEFAULT 0,\`model_mapping\` varchar(1024) DEFAULT '',\`priority\` bigint DEFAULT 0,\`config\` longtext,\`system_prompt\` text,PRIMARY KEY (\`id\`)${mysqlIndexes(V0610_INDEXES, 'channels')})`,
  `CREATE TABLE \`tokens\` (\`id\` bigint AUTO_INCREMENT,\`user_id\` bigint,\`key\` char(48),\`status\` bigint DEFAULT 1,\`name\` varchar(191),\`created_time\` bigint,\`accessed_time\` bigint,\`expired_time\` bigint DEFAULT -1,\`remain_quota\` bigint DEFAULT 0,\`unlimited_quota\` boolean DEFAULT false,\`used_quota\` bigint DEFAULT 0,\`models\` text,\`subnet\` varchar(191) DEFAULT '',PRIMARY KEY (\`id\`)${mysqlIndexes(V0610_INDEXES, 'tokens')})`,
  `CREATE TABLE \`users\` (\`id\` bigint AUTO_INCREMENT,\`username\` varchar(191),\`password\` longtext NOT NULL,\`display_name\` varchar(191),\`role\` bigint DEFAULT 1,\`status\` bigint DEFAULT 1,\`email\` varchar(191),\`github_id\` varchar(191),\`wechat_id\` varchar(191),\`lark_id\` varchar(191),\`oidc_id\` varchar(191),\`access_token\` char(32),\`quota\` bigint DEFAULT 0,\`used_quota\` bigint DEFAULT 0,\`request_count\` bigint DEFAULT 0,\`group\` varchar(32) DEFAULT 'default',\`aff_code\` varchar(32),\`inviter_id\` bigint,PRIMARY KEY (\`id\`)${mysqlIndexes(V0610_INDEXES, 'users')},CONSTRAINT \`uni_users_username\` UNIQUE (\`username\`))`,
  'CREATE TABLE `options` (`key` varchar(191),`value` longtext,PRIMARY KEY (`key`))',
  `CREATE TABLE \`redemptions\` (\`id\` bigint AUTO_INCREMENT,\`user_id\` bigint,\`key\` char(32),\`status\` bigint DEFAULT 1,\`name\` varchar(191),\`quota\` bigint DEFAULT 100,\`created_time\` bigint,\`redeemed_time\` bigint,PRIMARY KEY (\`id\`)${mysqlIndexes(V0610_INDEXES, 'redemptions')})`,
  `CREATE TABLE \`abilities\` (\`group\` varchar(32),\`model\` varchar(191),\`channel_id\` bigint,\`enabled\` boolean,\`priority\` bigint DEFAULT 0,PRIMARY KEY (\`group\`,\`model\`,\`channel_id\`)${mysqlIndexes(V0610_INDEXES, 'abilities')})`,
  `CREATE TABLE \`logs\` (\`id\` bigint AUTO_INCREMENT,\`user_id\` bigint,\`created_at\` bigint,\`type\` bigint,\`content\` longtext,\`username\` varchar(191) DEFAULT '',\`token_name\` varchar(191) DEFAULT '',\`model_name\` varchar(191) DEFAULT '',\`quota\` bigint DEFAULT 0,\`prompt_tokens\` bigint DEFAULT 0,\`completion_tokens\` bigint DEFAULT 0,\`channel_id\` bigint,PRIMARY KEY (\`id\`)${mysqlIndexes(V0610_INDEXES, 'logs')})`,
];
