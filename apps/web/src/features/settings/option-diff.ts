import { isSecretOption } from '@tollgate/contract';
import { removeTrailingSlash } from '@/lib/format/text';

/** Option key -> value, every value a string ('true'/'false' for booleans), as GET /api/option/ gives them. */
export type Options = Record<string, string>;

export interface OptionChange {
  key: string;
  value: string;
}

/** Addresses that are joined with paths later are saved without a trailing slash. */
const ADDRESS_KEYS = new Set(['ServerAddress', 'WeChatServerAddress', 'MessagePusherAddress', 'GitHubBaseUrl', 'GitHubApiBaseUrl', 'LarkBaseUrl']);

export const normaliseOption = (key: string, value: string): string => (ADDRESS_KEYS.has(key) ? removeTrailingSlash(value.trim()) : value);

/**
 * What a save sends: only the fields that changed. Secrets come back blank from the server, so a blank
 * secret means "keep it" and is never sent.
 */
export function changedOptions(original: Options, edited: Options): OptionChange[] {
  return Object.entries(edited)
    .map(([key, value]) => ({ key, value: normaliseOption(key, value) }))
    .filter(({ key, value }) => value !== (original[key] ?? '') && !(isSecretOption(key) && value === ''));
}
