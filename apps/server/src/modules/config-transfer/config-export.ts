import { CONFIG_DOCUMENT_VERSION, ConfigTransferTexts, type ConfigDocumentInput, type ConfigGroup, type ConfigOptionValue } from '@tollgate/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { nowSeconds } from '../../lib/random.js';
import { OPTION_DEFAULTS } from '../../options/option-defaults.js';
import { GROUP_RATE_LIMITS, GROUP_RATIO, isSecret, optionSection } from './config-sections.js';
import { channelToDocument, optionToDocument } from './config-values.js';
import * as repo from './config-transfer.repository.js';

/**
 * The database's configuration as a document. Without keys, channel keys and secret options are left
 * out (an import of such a document keeps the stored ones); with them, the document says so in `warning`.
 */
export async function exportDocument(db: Kysely<Database>, withKeys: boolean): Promise<ConfigDocumentInput> {
  const options = await repo.storedOptions(db);
  const prices: Record<string, ConfigOptionValue> = {};
  const rest: Record<string, ConfigOptionValue> = {};
  // Only known keys: a row left by another program could hold anything, and an import would refuse it.
  for (const key of Object.keys(OPTION_DEFAULTS).sort()) {
    const value = options.get(key);
    if (value === undefined || (isSecret(key) && !withKeys)) continue;
    const section = optionSection(key);
    if (section === 'prices') prices[key] = optionToDocument(value);
    if (section === 'options') rest[key] = optionToDocument(value);
  }
  return {
    version: CONFIG_DOCUMENT_VERSION,
    exported_at: nowSeconds(),
    keys_included: withKeys,
    ...(withKeys ? { warning: ConfigTransferTexts.keysWarning } : {}),
    channels: (await repo.listChannelsById(db)).map((row) => channelToDocument(row, withKeys)),
    prices,
    groups: groupsOf(options),
    options: rest,
    users: await repo.listUserQuotas(db),
  };
}

/** GroupRatio and GroupRateLimits as one entry per group. */
export function groupsOf(options: Map<string, string>): Record<string, ConfigGroup> {
  const ratios = objectOption(options.get(GROUP_RATIO) ?? OPTION_DEFAULTS[GROUP_RATIO] ?? '{}');
  const limits = objectOption(options.get(GROUP_RATE_LIMITS) ?? '{}');
  const groups: Record<string, ConfigGroup> = {};
  // In the stored order, so that the tables written back from the groups are the same strings.
  for (const name of new Set([...Object.keys(ratios), ...Object.keys(limits)])) {
    const group: ConfigGroup = {};
    if (typeof ratios[name] === 'number') group.ratio = ratios[name];
    const limit = limits[name];
    if (limit && typeof limit === 'object') {
      for (const field of ['rpm', 'tpm', 'concurrency'] as const) {
        const value = (limit as Record<string, unknown>)[field];
        if (typeof value === 'number') group[field] = value;
      }
    }
    groups[name] = group;
  }
  return groups;
}

function objectOption(value: string): Record<string, unknown> {
  const parsed = optionToDocument(value);
  return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? parsed : {};
}
