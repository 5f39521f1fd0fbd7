import { translateLogText } from '@tollgate/contract';
import type { TFunction } from 'i18next';

/**
 * A log's stored text in the console's language: the phrases Tollgate wrote (ratios, top-ups, gifts, imports)
 * are found and said again; anything else (one-api's own Chinese rows, a remark, an upstream's message) is
 * shown as written.
 */
export function localizedLogText(content: string, t: TFunction): string {
  // Every phrase has its key (log-phrases-i18n.ts is typed by the catalog); i18next's key types cannot follow a
  // key built from a name with parameters of the phrase's own.
  const say = t as unknown as (key: string, params: Record<string, string>) => string;
  return translateLogText(content, (name, params) => say(`logs.phrases.${name}`, params));
}
