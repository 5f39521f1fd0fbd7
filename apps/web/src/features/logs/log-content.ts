import { formatMoney, type CurrencyDisplay } from '@/lib/format/money';

/**
 * A dollar amount in log text: "$1.000000" as Tollgate writes it, "＄1.000000" as one-api does (full-width sign),
 * possibly negative (the server writes a debt "$-0.001998"). Only a sign directly followed by digits, so "$" in a user's remark text is left alone.
 */
const DOLLAR_AMOUNT = /(-?)[$＄](-?)(\d+(?:\.\d+)?)/g;

/**
 * A log's content as the console shows it, its dollar amounts in the display currency.
 *
 * Why rewrite at display rather than store the currency: `content` is one-api's column, free text that one-api's
 * console and scripts read as written, and a row keeps the amount it was written with while the operator may
 * change DisplayCurrency or its rate at any time; rows written before a change must follow it too. The
 * amounts in the text are dollars (quota / QuotaPerUnit, as one-api writes them), so each is converted and
 * written by the console's one money rule, with the 6 decimals logs use (spec). The stored text is unchanged.
 */
export function displayContent(content: string, currency: CurrencyDisplay): string {
  return content.replace(DOLLAR_AMOUNT, (_, before: string, after: string, amount: string) => formatMoney((before || after ? -1 : 1) * Number(amount), currency, { minDigits: 6 }));
}
