import { splitList } from '../lib/list.js';
import type { ChannelRow } from './schema.js';

/**
 * How a channel row's text columns read, for the console's channel module and the relay's routing alike
 * (one place below both, so the relay needs nothing from the /api modules).
 */

/** A channel's model_mapping: JSON object from requested model to upstream model. Blank means none. */
export function parseModelMapping(raw: string | null | undefined): Record<string, string> {
  if (!raw?.trim()) return {};
  try {
    const parsed: unknown = JSON.parse(raw);
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return {};
    return Object.fromEntries(Object.entries(parsed).filter((entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1] !== ''));
  } catch {
    return {};
  }
}

export function isValidModelMapping(raw: string): boolean {
  if (!raw.trim()) return true;
  try {
    const parsed: unknown = JSON.parse(raw);
    return !!parsed && typeof parsed === 'object' && !Array.isArray(parsed) && Object.values(parsed).every((v) => typeof v === 'string');
  } catch {
    return false;
  }
}

/**
 * The models a channel answers to: its model list, plus both sides of its model mapping, so a client
 * may ask for the public name or the upstream one (in one-api both had to be listed by hand).
 */
export function routableModels(channel: Pick<ChannelRow, 'models' | 'model_mapping'>): string[] {
  const mapping = parseModelMapping(channel.model_mapping);
  return [...new Set([...splitList(channel.models), ...Object.keys(mapping), ...Object.values(mapping)])];
}
