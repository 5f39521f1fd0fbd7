import type { CurrencyDisplay } from '@/lib/format/money';

/**
 * Ten significant digits: enough for any price an operator types, and few enough to hide the binary noise of
 * the way back from a stored ratio (kept to twelve digits) times the exchange rate, so a typed ¥10 shows as
 * 10 again rather than 9.99999999999.
 */
const SHOWN_DIGITS = 10;

/** A price in US dollars as the money editor shows it: in the display currency, without noise. */
export function shownPrice(usd: number, display: CurrencyDisplay): number {
  return Number((usd * display.rate).toPrecision(SHOWN_DIGITS));
}

/**
 * The US dollars a price typed in the display currency stands for. When it is what the editor showed for the
 * stored price (`currentUsd`), that stored price is kept as it is: saving a row unchanged must not move its
 * ratios by the rounding of the display, however many times it is loaded and saved.
 */
export function usdOfShownPrice(shown: number, display: CurrencyDisplay, currentUsd: number | undefined): number {
  if (currentUsd !== undefined && shownPrice(currentUsd, display) === shown) return currentUsd;
  return shown / display.rate;
}
