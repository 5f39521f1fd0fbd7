import type { ConfigChannel, ConfigOptionValue } from '@tollgate/contract';
import type { ChannelRow } from '../../db/schema.js';
import { splitList } from '../../lib/list.js';
import { withoutSecrets } from '../channels/channel-config.js';

/**
 * How stored values read in a configuration document and back. Comparisons go through the stored form of
 * both sides, so an import of an export changes nothing even where the database spells a value otherwise
 * (spaces in a JSON option, a blank config column).
 */

/** Options that hold JSON (the ratio tables) read as objects in a document; every other option as its string. */
export function optionToDocument(stored: string): ConfigOptionValue {
  const text = stored.trim();
  if (!text.startsWith('{') && !text.startsWith('[')) return stored;
  try {
    return JSON.parse(text) as ConfigOptionValue;
  } catch {
    return stored;
  }
}

export const optionToStored = (value: ConfigOptionValue): string => (typeof value === 'object' ? JSON.stringify(value) : String(value));

export const sameOption = (stored: string | undefined, value: string): boolean => stored !== undefined && optionToStored(optionToDocument(stored)) === value;

function jsonObject(raw: string | null): Record<string, unknown> {
  if (!raw?.trim()) return {};
  try {
    const parsed: unknown = JSON.parse(raw);
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

export function channelToDocument(row: ChannelRow, withKey: boolean): ConfigChannel {
  return {
    name: row.name ?? '',
    type: row.type,
    ...(withKey ? { key: row.key } : {}),
    status: (row.status === 2 || row.status === 3 ? row.status : 1) as ConfigChannel['status'],
    base_url: row.base_url ?? '',
    other: row.other ?? '',
    models: splitList(row.models),
    groups: splitList(row.group),
    model_mapping: jsonObject(row.model_mapping) as Record<string, string>,
    system_prompt: row.system_prompt ?? '',
    // The config's credentials (an AWS secret key, a Vertex service account) are as secret as the key.
    config: jsonObject(withKey ? row.config : withoutSecrets(row.config)),
    priority: row.priority ?? 0,
    weight: row.weight ?? 0,
  };
}
