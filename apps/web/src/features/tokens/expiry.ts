import { NEVER_EXPIRES } from '@tollgate/contract';
import { formatTimestamp } from '@/lib/format/time';
import { parseDateTime } from '@/lib/format/parse-datetime';

/** The shortcut buttons under the expiry field; a month is 30 days, as in one-api. */
export const EXPIRY_SHORTCUTS = {
  never: 0,
  month: 30 * 86_400,
  day: 86_400,
  hour: 3_600,
  minute: 60,
} as const;
export type ExpiryShortcut = keyof typeof EXPIRY_SHORTCUTS;

/** The field text a shortcut puts in the expiry field: '' (never) or now plus the span. */
export function expiryShortcutText(shortcut: ExpiryShortcut, nowSeconds: number): string {
  const span = EXPIRY_SHORTCUTS[shortcut];
  return span === 0 ? '' : formatTimestamp(nowSeconds + span);
}

/** The field text of a stored expiry: '' for never, else the console's time format. */
export function expiryText(expiredTime: number): string {
  return expiredTime === NEVER_EXPIRES ? '' : formatTimestamp(expiredTime);
}

/**
 * The expired_time to send: -1 for an empty field (or the -1 one-api's form showed), epoch seconds for a
 * date, undefined when the text is not a date ('expiry time format error').
 */
export function parseExpiry(text: string): number | undefined {
  const trimmed = text.trim();
  if (trimmed === '' || trimmed === String(NEVER_EXPIRES)) return NEVER_EXPIRES;
  return parseDateTime(trimmed);
}
