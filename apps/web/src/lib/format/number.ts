import { pageLocale } from './page-locale';

/** A count (requests, tokens, rows, milliseconds) with the console language's thousands separators. */
export function formatNumber(value: number, locale: string = pageLocale()): string {
  return new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }).format(value);
}
