import { logPhrase } from '@tollgate/contract';
import type { OptionsStore } from '../options/options.store.js';

/** How a quota amount reads in log lines: dollars when the console shows currency, else raw points. */
export function quotaText(quota: number, options: OptionsStore): string {
  if (options.bool('DisplayInCurrencyEnabled')) return logPhrase('dollars', { amount: (quota / options.num('QuotaPerUnit')).toFixed(6) });
  return logPhrase('points', { amount: quota });
}
