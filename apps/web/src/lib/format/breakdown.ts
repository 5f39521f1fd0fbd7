import { formatAmount, type MoneyPrecision } from './money';

/** A breakdown written out: each part and the total, as the console shows them. */
export interface WrittenBreakdown {
  parts: string[];
  total: string;
}

/** The most decimals a breakdown gets: amounts stay far below 2^53 units of their last digit. */
const MAX_DIGITS = 12;

/**
 * Writes `parts` that make up `total` (amounts in `currency`) so that the parts as written add up, digit for digit,
 * to the total as written. Rounding each part on its own cannot promise that ($0.0000026 + $0.0000188 shown as
 * $0.000003 + $0.000019 beside a total of $0.000022), so all are written with one number of decimals, enough for
 * two significant digits of the smallest non-zero part, and the total, which is the truth, is handed out in units
 * of that last decimal by largest remainder: each part is off by less than one unit, none is dropped to zero.
 */
export function writeBreakdown(parts: readonly number[], total: number, currency: string, precision: Pick<MoneyPrecision, 'minDigits' | 'locale'> = {}): WrittenBreakdown {
  const digits = decimalsFor([...parts, total], precision.minDigits ?? 2);
  const scale = 10 ** digits;
  const totalUnits = Math.round(total * scale);
  const scaled = parts.map((part) => part * scale);
  const units = scaled.map(Math.floor);
  let left = totalUnits - units.reduce((sum, unit) => sum + unit, 0);
  const byRemainder = scaled.map((value, i) => ({ i, remainder: value - Math.floor(value) })).sort((a, b) => b.remainder - a.remainder || a.i - b.i);
  // left lies between 0 and the number of parts when the parts add up to the total; a row whose parts do not
  // (hand-written) still has its total shown whole, its difference landing on the parts with the largest remainders.
  for (let k = 0; left !== 0 && byRemainder.length > 0 && k < 10 * (parts.length + 1); k += 1) {
    const { i } = byRemainder[k % byRemainder.length]!;
    units[i]! += Math.sign(left);
    left -= Math.sign(left);
  }
  const write = (unitCount: number) => formatAmount(unitCount / scale, currency, { exactDigits: digits, ...(precision.locale ? { locale: precision.locale } : {}) });
  return { parts: units.map(write), total: write(totalUnits) };
}

/** At least `minDigits` decimals, and two significant digits of the smallest non-zero amount. */
function decimalsFor(amounts: readonly number[], minDigits: number): number {
  let digits = minDigits;
  for (const amount of amounts) {
    if (amount === 0 || !Number.isFinite(amount)) continue;
    digits = Math.max(digits, 1 - Math.floor(Math.log10(Math.abs(amount))));
  }
  return Math.min(MAX_DIGITS, digits);
}
