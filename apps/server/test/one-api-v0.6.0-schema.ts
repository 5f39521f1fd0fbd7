import type { DatabaseKind } from './databases.js';
import { bq, createIndexes, dq, mysqlIndexes, V0610_INDEXES, type IndexList } from './one-api-v0.6.10-schema.js';

/**
 * The schema one-api v0.6.0 (the first v0.6 release) creates, as its GORM (gorm v1.25.0; drivers sqlite
 * v1.4.3, postgres v1.5.2, mysql v1.4.3) AutoMigrate writes it, from the same model/*.go files at that tag.
 * What differs from v0.6.10 (one-api-v0.6.10-schema.ts):
 * - no users.lark_id and oidc_id, tokens.models and subnet, channels.system_prompt (added later in v0.6);
 * - channels.key is `not null;index`: NOT NULL with an index idx_channels_key, varchar(191) on MySQL (one-api
 *   later made it text and drops that index on MySQL);
 * - gorm v1.25.0 writes `unique` into the column (`username text UNIQUE`), not as a named constraint;
 * - the SQLite driver v1.4.3 declares a primary key id as `integer` with a PRIMARY KEY clause, without
 *   AUTOINCREMENT (a rowid alias).
 */
export function oneApiV060Schema(kind: DatabaseKind): string[] {
  return { sqlite: sqliteSchema, postgres: postgresSchema, mysql: mysqlSchema }[kind];
}

const LATER = new Set(['idx_users_lark_id', 'idx_users_oidc_id']);
const V060_INDEXES: IndexList = [['idx_channels_key', 'channels', 'key', false], ...V0610_INDEXES.filter(([name]) => !LATER.has(name))];

const sqliteSchema = [
  'CREATE TABLE `channels` (`id` integer,`type` integer DEFAULT 0,`key` text NOT NULL,`status` integer DEFAULT 1,`name` text,`weight` integer DEFAULT 0,`created_time` integer,`test_time` integer,`response_time` integer,`base_url` text DEFAULT "",`other` text,`balance` real,`balance_updated_time` integer,`models` text,`group` varchar(32) DEFAULT "default",`used_quota` integer DEFAULT 0,`model_mapping` varchar(1024) DEFAULT "",`priority` integer DEFAULT 0,`config` text,PRIMARY KEY (`id`))',
  'CREATE TABLE `tokens` (`id` integer,`user_id` integer,`key` char(48),`status` integer DEFAULT 1,`name` text,`created_time` integer,`accessed_time` integer,`expired_time` integer DEFAULT -1,`remain_quota` integer DEFAULT 0,`unlimited_quota` numeric DEFAULT false,`used_quota` integer DEFAULT 0,PRIMARY KEY (`id`))',
  'CREATE TABLE `users` (`id` integer,`username` text UNIQUE,`password` text NOT NULL,`display_name` text,`role` integer DEFAULT 1,`status` integer DEFAULT 1,`email` text,`github_id` text,`wechat_id` text,`access_token` char(32),`quota` integer DEFAULT 0,`used_quota` integer DEFAULT 0,`request_count` integer DEFAULT 0,`group` varchar(32) DEFAULT "default",`aff_code` varchar(32),`inviter_id` integer,PRIMARY KEY (`id`))',
  'CREATE TABLE `options` (`key` text,`value` text,PRIMARY KEY (`key`))',
  'CREATE TABLE `redemptions` (`id` integer,`user_id` integer,`key` char(32),`status` integer DEFAULT 1,`name` text,`quota` integer DEFAULT 100,`created_time` integer,`redeemed_time` integer,PRIMARY KEY (`id`))',
  'CREATE TABLE `abilities` (`group` varchar(32),`model` text,`channel_id` integer,`enabled` numeric,`priority` integer DEFAULT 0,PRIMARY KEY (`group`,`model`,`channel_id`))',
  'CREATE TABLE `logs` (`id` integer,`user_id` integer,`created_at` integer,`type` integer,`content` text,`username` text DEFAULT "",`token_name` text DEFAULT "",`model_name` text DEFAULT "",`quota` integer DEFAULT 0,`prompt_tokens` integer DEFAULT 0,`completion_tokens` integer DEFAULT 0,`channel_id` integer,PRIMARY KEY (`id`))',
  ...createIndexes(V060_INDEXES, bq, ''),
];

const postgresSchema = [
  `CREATE TABLE "channels" ("id" bigserial,"type" bigint DEFAULT 0,"key" text NOT NULL,"status" bigint DEFAULT 1,"name" text,"weight" bigint DEFAULT 0,"created_time" bigint,"test_time" bigint,"response_time" bigint,"base_url" text DEFAULT '',"other" text,"balance" decimal,"balance_updated_time" bigint,"models" text,"group" varchar(32) DEFAULT 'default',"used_quota" bigint DEFAULT 0,"model_mapping" varchar(1024) DEFAULT '',"priority" bigint DEFAULT 0,"config" text,PRIMARY KEY ("id"))`,
  `CREATE TABLE "tokens" ("id" bigserial,"user_id" bigint,"key" char(48),"status" bigint DEFAULT 1,"name" text,"created_time" bigint,"accessed_time" bigint,"expired_time" bigint DEFAULT -1,"remain_quota" bigint DEFAULT 0,"unlimited_quota" boolean DEFAULT false,"used_quota" bigint DEFAULT 0,PRIMARY KEY ("id"))`,
  `CREATE TABLE "users" ("id" bigserial,"username" text UNIQUE,"password" text NOT NULL,"display_name" text,"role" bigint DEFAULT 1,"status" bigint DEFAULT 1,"email" text,"github_id" text,"wechat_id" text,"access_token" char(32),"quota" bigint DEFAULT 0,"used_quota" bigint DEFAULT 0,"request_count" bigint DEFAULT 0,"group" varchar(32) DEFAULT 'default',"aff_code" varchar(32),"inviter_id" bigint,PRIMARY KEY ("id"))`,
  `CREATE TABLE "options" ("key" text,"value" text,PRIMARY KEY ("key"))`,
  `CREATE TABLE "redemptions" ("id" bigserial,"user_id" bigint,"key" char(32),"status" bigint DEFAULT 1,"name" text,"quota" bigint DEFAULT 100,"created_time" bigint,"redeemed_time" bigint,PRIMARY KEY ("id"))`,
  `CREATE TABLE "abilities" ("group" varchar(32),"model" text,"channel_id" bigint,"enabled" boolean,"priority" bigint DEFAULT 0,PRIMARY KEY ("group","model","channel_id"))`,
  `CREATE TABLE "logs" ("id" bigserial,"user_id" bigint,"created_at" bigint,"type" bigint,"content" text,"username" text DEFAULT '',"token_name" text DEFAULT '',"model_name" text DEFAULT '',"quota" bigint DEFAULT 0,"prompt_tokens" bigint DEFAULT 0,"completion_tokens" bigint DEFAULT 0,"channel_id" bigint,PRIMARY KEY ("id"))`,
  ...createIndexes(V060_INDEXES, dq, 'IF NOT EXISTS '),
];

const mysqlSchema = [
  `CREATE TABLE \`channels\` (\`id\` bigint AUTO_INCREMENT,\`type\` bigint DEFAULT 0,\`key\` varchar(191) NOT NULL,\`status\` bigint DEFAULT 1,\`name\` varchar(191),\`weight\` bigint unsigned DEFAULT 0,\`created_time\` bigint,\`test_time\` bigint,\`response_time\` bigint,\`base_url\` varchar(191) DEFAULT '',\`other\` longtext,\`balance\` double,\`balance_updated_time\` bigint,\`models\` longtext,\`group\` varchar(32) DEFAULT 'default',\`used_quota\` bigint DEFAULT 0,\`model_mapping\` varchar(1024) DEFAULT '',\`priority\` bigint DEFAULT 0,\`config\` longtext,PRIMARY KEY (\`id\`)${mysqlIndexes(V060_INDEXES, 'channels')})`,
  `CREATE TABLE \`tokens\` (\`id\` bigint AUTO_INCREMENT,\`user_id\` bigint,\`key\` char(48),\`status\` bigint DEFAULT 1,\`name\` varchar(191),\`created_time\` bigint,\`accessed_time\` bigint,\`expired_time\` bigint DEFAULT -1,\`remain_quota\` bigint DEFAULT 0,\`unlimited_quota\` boolean DEFAULT false,\`used_quota\` bigint DEFAULT 0,PRIMARY KEY (\`id\`)${mysqlIndexes(V060_INDEXES, 'tokens')})`,
  `CREATE TABLE \`users\` (\`id\` bigint AUTO_INCREMENT,\`username\` varchar(191) UNIQUE,\`password\` longtext NOT NULL,\`display_name\` varchar(191),\`role\` bigint DEFAULT 1,\`status\` bigint DEFAULT 1,\`email\` varchar(191),\`github_id\` varchar(191),\`wechat_id\` varchar(191),\`access_token\` char(32),\`quota\` bigint DEFAULT 0,\`used_quota\` bigint DEFAULT 0,\`request_count\` bigint DEFAULT 0,\`group\` varchar(32) DEFAULT 'default',\`aff_code\` varchar(32),\`inviter_id\` bigint,PRIMARY KEY (\`id\`)${mysqlIndexes(V060_INDEXES, 'users')})`,
  'CREATE TABLE `options` (`key` varchar(191),`value` longtext,PRIMARY KEY (`key`))',
  `CREATE TABLE \`redemptions\` (\`id\` bigint AUTO_INCREMENT,\`user_id\` bigint,\`key\` char(32),\`status\` bigint DEFAULT 1,\`name\` varchar(191),\`quota\` bigint DEFAULT 100,\`created_time\` bigint,\`redeemed_time\` bigint,PRIMARY KEY (\`id\`)${mysqlIndexes(V060_INDEXES, 'redemptions')})`,
  `CREATE TABLE \`abilities\` (\`group\` varchar(32),\`model\` varchar(191),\`channel_id\` bigint,\`enabled\` boolean,\`priority\` bigint DEFAULT 0,PRIMARY KEY (\`group\`,\`model\`,\`channel_id\`)${mysqlIndexes(V060_INDEXES, 'abilities')})`,
  `CREATE TABLE \`logs\` (\`id\` bigint AUTO_INCREMENT,\`user_id\` bigint,\`created_at\` bigint,\`type\` bigint,\`content\` longtext,\`username\` varchar(191) DEFAULT '',\`token_name\` varchar(191) DEFAULT '',\`model_name\` varchar(191) DEFAULT '',\`quota\` bigint DEFAULT 0,\`prompt_tokens\` bigint DEFAULT 0,\`completion_tokens\` bigint DEFAULT 0,\`channel_id\` bigint,PRIMARY KEY (\`id\`)${mysqlIndexes(V060_INDEXES, 'logs')})`,
];
