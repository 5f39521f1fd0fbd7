import { STORAGE_KEYS } from '@tollgate/contract';
import { formatMoney, readCurrency, type CurrencyDisplay } from './money';

export interface QuotaDisplay {
  displayInCurrency: boolean;
  quotaPerUnit: number;
  /** The operator's display currency; US dollars when absent. */
  currency?: CurrencyDisplay;
}

/** Abbreviates large counts: 10 thousand and up as k, then M and B, one decimal. */
export function formatCount(value: number): string {
  if (value >= 1e9) return `${(value / 1e9).toFixed(1)}B`;
  if (value >= 1e6) return `${(value / 1e6).toFixed(1)}M`;
  if (value >= 1e4) return `${(value / 1e3).toFixed(1)}k`;
  return String(value);
}

/**
 * Quota as money (currency mode: at least `digits` decimals, lists use 2 and logs 6, and more for an amount that
 * would otherwise read as zero; see formatMoney) or as an abbreviated count.
 */
export function formatQuota(quota: number, display: QuotaDisplay, digits = 2): string {
  if (display.displayInCurrency) return formatMoney(quota / display.quotaPerUnit, display.currency, { minDigits: digits });
  return formatCount(quota);
}

/** The display settings the status call stored; a missing unit falls back to 1 as one-api's console does. */
export function readQuotaDisplay(): QuotaDisplay {
  const quotaPerUnit = Number.parseFloat(localStorage.getItem(STORAGE_KEYS.quotaPerUnit) ?? '');
  return {
    displayInCurrency: localStorage.getItem(STORAGE_KEYS.displayInCurrency) === 'true',
    quotaPerUnit: Number.isFinite(quotaPerUnit) && quotaPerUnit > 0 ? quotaPerUnit : 1,
    currency: readCurrency(),
  };
}

/** formatQuota with the stored display settings: what list and log pages call. */
export function renderQuota(quota: number, digits = 2): string {
  return formatQuota(quota, readQuotaDisplay(), digits);
}
