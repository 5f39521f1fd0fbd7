import { z } from 'zod';
import { channelType } from './catalog/channel-types.js';

/**
 * Configuration as code: one document (JSON or YAML) holding the channels, prices and ratios, groups,
 * options and users' quotas, exported by GET /api/config/export and imported by POST /api/config/import
 * (and the `tollgate` command line). Each section present in a document is imported; an absent section is
 * left alone.
 */
export const CONFIG_DOCUMENT_VERSION = 1;

/** English texts of the document's own checks and warning (zod's messages); the console answers in its language from the catalog. */
export const ConfigTransferTexts = {
  keysWarning:
    'this document contains every channel key and secret option in clear text: anyone who reads it can spend on your provider accounts; store it like a password',
  versionInvalid: `expected document version ${CONFIG_DOCUMENT_VERSION}`,
  channelType: 'expected a channel type id',
} as const;

const wholeNumber = (min: number) => z.number({ error: 'expected a number' }).int({ error: 'expected a whole number' }).min(min, { error: `expected a whole number of ${min} or more` });

/** A value of an option: stored as a string; JSON options (ratio tables) may be written as objects. */
const OptionValueSchema = z.union([z.string(), z.number(), z.boolean(), z.record(z.string(), z.unknown()), z.array(z.unknown())], {
  error: 'expected a string, a number, a boolean or a JSON object',
});
export type ConfigOptionValue = z.infer<typeof OptionValueSchema>;

/**
 * A channel, matched on import by name and type (the n-th channel of a name and type in the document is
 * the n-th of that name and type in the database, by id). `key` is absent from exports made without keys:
 * a matched channel then keeps its stored key, and a new channel needs one.
 */
export const ConfigChannelSchema = z.strictObject({
  name: z.string({ error: 'expected a channel name' }).trim().min(1, { error: 'expected a channel name' }),
  type: z.number({ error: ConfigTransferTexts.channelType }).refine((id) => Number.isInteger(id) && channelType(id) !== undefined, { error: ConfigTransferTexts.channelType }),
  key: z.string({ error: 'expected the key as a string' }).optional(),
  status: z.union([z.literal(1), z.literal(2), z.literal(3)], { error: 'expected 1 (enabled), 2 (disabled) or 3 (disabled automatically)' }).default(1),
  base_url: z.string({ error: 'expected a URL or an empty string' }).default(''),
  other: z.string({ error: 'expected a string' }).default(''),
  models: z.array(z.string().trim().min(1, { error: 'expected a model name' }), { error: 'expected a list of model names' }).default([]),
  groups: z.array(z.string().trim().min(1, { error: 'expected a group name' }), { error: 'expected a list of group names' }).min(1, { error: 'expected at least one group' }),
  model_mapping: z.record(z.string(), z.string({ error: 'expected the upstream model name' }), { error: 'expected an object from model to upstream model' }).default({}),
  system_prompt: z.string({ error: 'expected a string' }).default(''),
  config: z.record(z.string(), z.unknown(), { error: 'expected an object' }).default({}),
  priority: z.number({ error: 'expected a whole number' }).int({ error: 'expected a whole number' }).default(0),
  weight: wholeNumber(0).default(0),
});
export type ConfigChannel = z.infer<typeof ConfigChannelSchema>;

/** A group: its billing ratio (option GroupRatio) and its users' default rate limits (option GroupRateLimits). */
export const ConfigGroupSchema = z.strictObject({
  ratio: z.number({ error: 'expected a number of 0 or more' }).min(0, { error: 'expected a number of 0 or more' }).optional(),
  rpm: wholeNumber(0).optional(),
  tpm: wholeNumber(0).optional(),
  concurrency: wholeNumber(0).optional(),
});
export type ConfigGroup = z.infer<typeof ConfigGroupSchema>;

/**
 * A user's quota, set by username (the rest of an account is not configuration). It may be below 0: the relay
 * charges a request that cost more than it reserved in full, so a database can hold a debt, and its export
 * must import again.
 */
export const ConfigUserQuotaSchema = z.strictObject({
  username: z.string({ error: 'expected a username' }).min(1, { error: 'expected a username' }),
  quota: z.number({ error: 'expected a number' }).int({ error: 'expected a whole number' }).safe({ error: 'expected a whole number' }),
});

export const ConfigDocumentSchema = z.strictObject({
  version: z.literal(CONFIG_DOCUMENT_VERSION, { error: ConfigTransferTexts.versionInvalid }),
  exported_at: z.number().optional(),
  keys_included: z.boolean().optional(),
  warning: z.string().optional(),
  channels: z.array(ConfigChannelSchema, { error: 'expected a list of channels' }).optional(),
  /** Ratio and price options (ModelRatio, CompletionRatio, DefaultModelRatio, ...) by option key. */
  prices: z.record(z.string(), OptionValueSchema, { error: 'expected an object from option key to value' }).optional(),
  groups: z.record(z.string(), ConfigGroupSchema, { error: 'expected an object from group name to its ratio and limits' }).optional(),
  /** Every other option by key. */
  options: z.record(z.string(), OptionValueSchema, { error: 'expected an object from option key to value' }).optional(),
  users: z.array(ConfigUserQuotaSchema, { error: 'expected a list of {username, quota}' }).optional(),
});
export type ConfigDocument = z.infer<typeof ConfigDocumentSchema>;
export type ConfigDocumentInput = z.input<typeof ConfigDocumentSchema>;

export const CONFIG_SECTIONS = ['channels', 'prices', 'groups', 'options', 'users'] as const;
export type ConfigSection = (typeof CONFIG_SECTIONS)[number];

/** One field that an import changes; secrets are masked. */
export interface ConfigFieldChange {
  field: string;
  from: string;
  to: string;
}

export interface ConfigItemChange {
  /** A channel's `name (type N)`, an option key, a group name or a username. */
  name: string;
  fields: ConfigFieldChange[];
}

export interface ConfigSectionDiff {
  added: ConfigItemChange[];
  changed: ConfigItemChange[];
  removed: ConfigItemChange[];
}

export type ConfigDiff = Record<ConfigSection, ConfigSectionDiff>;

/** POST /api/config/import data. */
export interface ConfigImportResult {
  dry_run: boolean;
  /** Whether anything was written (false on a dry run, or when the document matches the database). */
  applied: boolean;
  diff: ConfigDiff;
}

/** GET /api/config/export data: the document as an object (json) or as text (yaml). */
export interface ConfigExportResult {
  format: 'json' | 'yaml';
  document: ConfigDocumentInput | string;
  /** Present when the document carries keys. */
  warning?: string;
}

/** `channels[3].type`: the path of a zod issue the way an operator reads it in the document. */
export function documentPath(path: readonly PropertyKey[]): string {
  return path.reduce<string>((text, part) => (typeof part === 'number' ? `${text}[${part}]` : text ? `${text}.${String(part)}` : String(part)), '');
}
