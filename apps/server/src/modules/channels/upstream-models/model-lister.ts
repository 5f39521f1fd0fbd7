import { fail } from '../../../http/errors.js';
import type { UpstreamTarget } from '../../../providers/adaptor.js';
import type { GetJson } from './listing-get.js';

/** One protocol's way to list the models an upstream serves to the channel's credentials. */
export type ModelLister = (target: UpstreamTarget, get: GetJson) => Promise<string[]>;

/** A page of a paginated list: its model names and the cursor of the next page, if any. */
export interface ModelPage {
  ids: string[];
  next?: string;
}

/** Pages asked at most: a thousand-model page makes this far more than any vendor lists. */
const MAX_PAGES = 50;

/**
 * Follows a list's cursor to its end. A cursor seen before (an upstream that repeats itself) or the page
 * limit ends the walk with what was read, rather than asking forever.
 */
export async function allPages(page: (cursor: string | undefined) => Promise<ModelPage>): Promise<string[]> {
  const ids: string[] = [];
  const seen = new Set<string>();
  let cursor: string | undefined;
  for (let asked = 0; asked < MAX_PAGES; asked += 1) {
    const current = await page(cursor);
    ids.push(...current.ids);
    if (!current.next || seen.has(current.next)) break;
    seen.add(current.next);
    cursor = current.next;
  }
  return ids;
}

/** The object entries of the answer's list field; an answer without that list is no model list. */
export function listField(answer: unknown, name: string, url: string): Record<string, unknown>[] {
  const value = answer && typeof answer === 'object' ? (answer as Record<string, unknown>)[name] : undefined;
  if (!Array.isArray(value)) throw fail('channel.models_list_missing', { url: url.split('?')[0] ?? url, field: name });
  return value.filter((item): item is Record<string, unknown> => item !== null && typeof item === 'object');
}

/** A string field of an entry, or '' when it is missing or not a string. */
export const textField = (entry: unknown, name: string): string => {
  const value = entry && typeof entry === 'object' ? (entry as Record<string, unknown>)[name] : undefined;
  return typeof value === 'string' ? value : '';
};
