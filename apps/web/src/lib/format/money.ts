import { readStoredStatus } from '../storage/status-storage';

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

/**
 * Money as the console shows it everywhere (quotas, logs, the dashboard, prices): US dollars converted at the
 * operator's rate, with the currency's symbol (or its code when it has no well-known one).
 */
export function formatMoney(usd: number, display: CurrencyDisplay = USD, digits = 2): string {
  const symbol = SYMBOLS[display.currency] ?? `${display.currency} `;
  return `${symbol}${(usd * display.rate).toFixed(digits)}`;
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

/** A price per million tokens, with enough digits for cheap models ($0.075) without noise. */
export function formatPrice(usdPerMillion: number, display: CurrencyDisplay = USD): string {
  const value = usdPerMillion * display.rate;
  const digits = value !== 0 && Math.abs(value) < 0.01 ? 6 : value !== 0 && Math.abs(value) < 1 ? 4 : 2;
  return formatMoney(usdPerMillion, display, Number(value.toFixed(digits)) === Number(value.toFixed(2)) ? 2 : digits);
}
