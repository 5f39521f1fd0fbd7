import type { OptionsStore } from '../options/options.store.js';

/**
 * Turns quota points into the figure the billing emulation reports, so a client that shows a balance from it
 * shows the console's number: raw points when the console does not display currency, else US dollars, or the
 * display currency at the operator's rate when it is not USD (as new-api reports yuan). The field names stay
 * OpenAI's `*_usd`: the clients read them by those names whatever the unit.
 */
export function quotaToBillingAmount(options: Pick<OptionsStore, 'bool' | 'num' | 'str'>): (quota: number) => number {
  if (!options.bool('DisplayInCurrencyEnabled')) return (quota) => quota;
  const quotaPerUnit = options.num('QuotaPerUnit');
  const rate = displayRate(options.str('DisplayCurrency'), options.num('CurrencyExchangeRate'));
  // Divided first: a whole number of units (the usual limit) times the rate stays free of binary noise.
  return (quota) => (quota / quotaPerUnit) * rate;
}

/**
 * Units of the display currency per US dollar: 1 for dollars, and for a currency or a rate the option rules
 * would refuse (written to the database by hand), the same fallback the console's formatter takes.
 */
function displayRate(currency: string, rate: number): number {
  if (currency === 'USD' || !/^[A-Z]{3}$/.test(currency)) return 1;
  return Number.isFinite(rate) && rate > 0 ? rate : 1;
}
