import { readStoredStatus } from '../storage/status-storage';
import { pageLocale } from './page-locale';

/** The currency the console shows money in, and how many of it a US dollar buys (1 for USD). */
export interface CurrencyDisplay {
  currency: string;
  rate: number;
}

export const USD: CurrencyDisplay = { currency: 'USD', rate: 1 };

const SYMBOLS: Record<string, string> = { USD: '$', CNY: '¥', EUR: '€', GBP: '£', JPY: '¥' };

/** What the console writes before an amount: the currency's symbol, or its code when it has no well-known one. */
export function currencySymbol(currency: string): string {
  return SYMBOLS[currency] ?? currency;
}

/** How many digits an amount gets: see formatMoney. */
export interface MoneyPrecision {
  /** Decimals always written (2 in lists, 6 in logs as the spec says). */
  minDigits?: number;
  /** Significant digits kept past the minimum, so a small amount never reads as zero (2 for amounts, 6 for prices). */
  significant?: number;
  /** Exactly this many decimals: for the lines of a breakdown, which must add up digit for digit. */
  exactDigits?: number;
  /** 'en' or 'zh-CN'; the console's language (the page's lang) when absent. */
  locale?: string;
}

/** Intl accepts 0 to 100 decimals; past 20 nothing the console shows is left to see. */
const MAX_DIGITS = 20;

/** The decimals an amount needs: the minimum, or more so that `significant` digits of a small amount show. */
function decimalsFor(value: number, { minDigits = 2, significant = 2, exactDigits }: MoneyPrecision): [number, number] {
  if (exactDigits !== undefined) return [exactDigits, exactDigits];
  if (value === 0 || !Number.isFinite(value)) return [minDigits, minDigits];
  const needed = significant - 1 - Math.floor(Math.log10(Math.abs(value)));
  return [minDigits, Math.min(MAX_DIGITS, Math.max(minDigits, needed))];
}

/**
 * An amount already in `currency` as the console writes it: the symbol (or code), the locale's thousands
 * separators, and decimals by decimalsFor. The minus goes before the symbol (-$0.50, a user in debt).
 */
export function formatAmount(value: number, currency: string, precision: MoneyPrecision = {}): string {
  const [min, max] = decimalsFor(value, precision);
  const digits = new Intl.NumberFormat(precision.locale ?? pageLocale(), { minimumFractionDigits: min, maximumFractionDigits: max }).format(Math.abs(value));
  const symbol = SYMBOLS[currency] ?? `${currency} `;
  // Rounded to nothing (an amount below the exact decimals of a breakdown line) is no debt: no "-$0.00".
  const negative = value < 0 && /[1-9]/.test(digits);
  return `${negative ? '-' : ''}${symbol}${digits}`;
}

/**
 * Money as the console shows it everywhere (quotas, logs, the dashboard, lists, channel balances): US dollars
 * converted at the operator's rate and written by formatAmount. The one rule for every figure: 2 decimals, more
 * when an amount is smaller than a cent so it never reads $0.00 ($0.003, $0.0000022), thousands separators.
 */
export function formatMoney(usd: number, display: CurrencyDisplay = USD, precision: MoneyPrecision = {}): string {
  return formatAmount(usd * display.rate, display.currency, precision);
}

/**
 * The display currency of a DisplayCurrency code and CurrencyExchangeRate, as the status call or the options
 * give them: USD (rate 1) unless they name another currency with a valid rate.
 */
export function currencyDisplay(code: unknown, rate: unknown): CurrencyDisplay {
  const currency = typeof code === 'string' && /^[A-Z]{3}$/.test(code) ? code : 'USD';
  if (currency === 'USD' || typeof rate !== 'number' || !Number.isFinite(rate) || rate <= 0) return USD;
  return { currency, rate };
}

/** The currency the status call stored. */
export function readCurrency(): CurrencyDisplay {
  const status = readStoredStatus();
  return currencyDisplay(status.display_currency, status.currency_exchange_rate);
}

/**
 * A price per million tokens: formatMoney with six significant digits, so a cheap model's $0.075 or $0.0375 is
 * shown whole (a price rounded to two digits misstates every call), while float noise (0.030000000000000002) is not.
 */
export function formatPrice(usdPerMillion: number, display: CurrencyDisplay = USD, locale?: string): string {
  return formatMoney(usdPerMillion, display, { significant: 6, ...(locale ? { locale } : {}) });
}
