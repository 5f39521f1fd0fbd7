import { readStoredStatus } from '../storage/status-storage';

/** The currency the console shows money in, and how many of it a US dollar buys (1 for USD). */
export interface CurrencyDisplay {
  currency: string;
  rate: number;
}

export const USD: CurrencyDisplay = { currency: 'USD', rate: 1 };

const SYMBOLS: Record<string, string> = { USD: '$', CNY: '¥', EUR: '€', GBP: '£', JPY: '¥' };

/**
 * Money as the console shows it everywhere (quotas, logs, the dashboard, prices): US dollars converted at the
 * operator's rate, with the currency's symbol (or its code when it has no well-known one).
 */
export function formatMoney(usd: number, display: CurrencyDisplay = USD, digits = 2): string {
  const symbol = SYMBOLS[display.currency] ?? `${display.currency} `;
  return `${symbol}${(usd * display.rate).toFixed(digits)}`;
}

/** The currency the status call stored: USD (rate 1) unless the operator chose another with a valid rate. */
export function readCurrency(): CurrencyDisplay {
  const status = readStoredStatus();
  const currency = typeof status.display_currency === 'string' && /^[A-Z]{3}$/.test(status.display_currency) ? status.display_currency : 'USD';
  const rate = status.currency_exchange_rate;
  if (currency === 'USD' || typeof rate !== 'number' || !Number.isFinite(rate) || rate <= 0) return USD;
  return { currency, rate };
}

/** A price per million tokens, with enough digits for cheap models ($0.075) without noise. */
export function formatPrice(usdPerMillion: number, display: CurrencyDisplay = USD): string {
  const value = usdPerMillion * display.rate;
  const digits = value !== 0 && Math.abs(value) < 0.01 ? 6 : value !== 0 && Math.abs(value) < 1 ? 4 : 2;
  return formatMoney(usdPerMillion, display, Number(value.toFixed(digits)) === Number(value.toFixed(2)) ? 2 : digits);
}
