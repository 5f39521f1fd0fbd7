/**
 * Server messages as stable codes with parameters. The server answers a failure in the language the request
 * asks for (Accept-Language: zh or en, English when absent, so one-api scripts keep their English texts);
 * the console sends its own language on every call. Both sides share the codes and the texts.
 */
export type MessageLanguage = 'en' | 'zh';

/** One message in both languages; `{name}` is replaced by the parameter of that name. */
export interface MessageTexts {
  en: string;
  zh: string;
}

/** A parameter is plain text (a name, a number, an upstream's own words) or another message, rendered in the same language. */
export type MessageParam = string | number | MessageRef;
export type MessageParams = Readonly<Record<string, MessageParam>>;

/** A message by code; the catalog narrows `C` to its codes (`CatalogMessage`). */
export interface MessageRef<C extends string = string> {
  code: C;
  params?: MessageParams;
}

/** The language of an Accept-Language header: the most preferred of zh and en, English when it names neither. */
export function messageLanguage(acceptLanguage: string | undefined): MessageLanguage {
  let best: { language: MessageLanguage; q: number } | undefined;
  for (const part of (acceptLanguage ?? '').split(',')) {
    const [tag = '', ...attributes] = part.trim().toLowerCase().split(';');
    const language = tag === 'zh' || tag.startsWith('zh-') ? 'zh' : tag === 'en' || tag.startsWith('en-') ? 'en' : undefined;
    if (!language) continue;
    const weight = attributes.map((attribute) => /^\s*q=([\d.]+)\s*$/.exec(attribute)?.[1]).find((value) => value !== undefined);
    const q = weight === undefined ? 1 : Number(weight);
    if (Number.isFinite(q) && q > 0 && (!best || q > best.q)) best = { language, q };
  }
  return best?.language ?? 'en';
}

/** Fills `{name}` placeholders; a placeholder without a parameter is left as it is, so a slip shows rather than vanishes. */
export function fillPlaceholders(text: string, values: Readonly<Record<string, string>>): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
}

/** The placeholders a text uses, for the catalog's tests. */
export const placeholdersOf = (text: string): string[] => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1] ?? '').sort();
