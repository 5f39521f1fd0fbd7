import type { MatchLogic } from './source-schema.js';

const compiled = new Map<string, RegExp>();

/**
 * Whether a model name fits a source's match rule, as the source's own library decides it: names compare
 * without regard to case (the name is lowercased once by the caller), a regex runs on the lowercased name.
 */
export function matches(rule: MatchLogic, name: string): boolean {
  if ('or' in rule) return rule.or.some((inner) => matches(inner, name));
  if ('and' in rule) return rule.and.every((inner) => matches(inner, name));
  if ('equals' in rule) return name === rule.equals.toLowerCase();
  if ('starts_with' in rule) return name.startsWith(rule.starts_with.toLowerCase());
  if ('ends_with' in rule) return name.endsWith(rule.ends_with.toLowerCase());
  if ('contains' in rule) return name.includes(rule.contains.toLowerCase());
  return regexOf(rule.regex).test(name);
}

function regexOf(pattern: string): RegExp {
  let regex = compiled.get(pattern);
  if (!regex) compiled.set(pattern, (regex = new RegExp(pattern)));
  return regex;
}

const COMPACT_DATE = /(-)(20\d{2})(0[1-9]|1[0-2])(0[1-9]|[12]\d|3[01])(?=-|:|$)/g;

/** `claude-x-20250514` as `claude-x-2025-05-14`: the source names some dated models the second way. */
export function withDashedDate(name: string): string {
  return name.replace(COMPACT_DATE, (whole, dash: string, year: string, month: string, day: string) => {
    const date = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
    return date.getUTCMonth() === Number(month) - 1 && date.getUTCDate() === Number(day) ? `${dash}${year}-${month}-${day}` : whole;
  });
}
