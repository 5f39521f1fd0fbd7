import type { MessageCode } from '@tollgate/contract';
import { fail } from './errors.js';

/** A query-string value as text; absent, repeated or odd values read as ''. */
export function queryText(query: unknown, name: string): string {
  const value = (query as Record<string, unknown> | undefined)?.[name];
  return typeof value === 'string' ? value : '';
}

/** `p` of the list routes: 0-based, and anything that is not a plain page number reads as the first page. */
export function pageOf(query: unknown): number {
  const text = queryText(query, 'p');
  return /^\d{1,9}$/.test(text) ? Number(text) : 0;
}

/** `keyword` of the search routes, trimmed: the console sends whatever was typed. */
export const keywordOf = (query: unknown): string => queryText(query, 'keyword').trim();

/** A switch such as `status_only`: one-api took any non-empty value as on; we also read 'false' and '0' as off. */
export function flagOf(query: unknown, name: string): boolean {
  const value = queryText(query, name);
  return value !== '' && value !== 'false' && value !== '0';
}

/** The `:id` route parameter as a positive integer, or a failure with the given message. */
export function idParamOf(params: unknown, message: MessageCode): number {
  const text = queryText(params, 'id');
  if (!/^\d{1,12}$/.test(text) || Number(text) === 0) throw fail(message);
  return Number(text);
}
