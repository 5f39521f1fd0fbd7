import { clean } from './price-tier.js';

/**
 * A ratio as log text writes it: two decimals as one-api does (1.00, 7.50), and as many more as the ratio has
 * (0.075, 0.0375): one-api's %.2f turned gpt-4o-mini's 0.075 into 0.07, a price the operator never set.
 */
export function ratioInText(ratio: number): string {
  const exact = clean(ratio);
  for (let digits = 2; digits < 12; digits += 1) if (Number(exact.toFixed(digits)) === exact) return exact.toFixed(digits);
  return exact.toFixed(12);
}
