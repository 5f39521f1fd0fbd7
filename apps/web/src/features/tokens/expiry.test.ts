import { describe, expect, it } from 'vitest';
import { formatTimestamp } from '@/lib/format/time';
import { expiryShortcutText, expiryText, parseExpiry } from './expiry';

const now = 1_700_000_000;

describe('expiry shortcuts', () => {
  it('never empties the field', () => {
    expect(expiryShortcutText('never', now)).toBe('');
  });

  it('one month is 30 days, then a day, an hour and a minute from now', () => {
    expect(expiryShortcutText('month', now)).toBe(formatTimestamp(now + 30 * 86_400));
    expect(expiryShortcutText('day', now)).toBe(formatTimestamp(now + 86_400));
    expect(expiryShortcutText('hour', now)).toBe(formatTimestamp(now + 3_600));
    expect(expiryShortcutText('minute', now)).toBe(formatTimestamp(now + 60));
  });

  it('a shortcut text parses back to its time', () => {
    expect(parseExpiry(expiryShortcutText('day', now))).toBe(now + 86_400);
  });
});

describe('expiry field', () => {
  it('shows a stored expiry in the console format and never as empty', () => {
    expect(expiryText(-1)).toBe('');
    expect(expiryText(now)).toBe(formatTimestamp(now));
  });

  it('reads empty and -1 as never', () => {
    expect(parseExpiry('')).toBe(-1);
    expect(parseExpiry('  -1 ')).toBe(-1);
  });

  it('refuses text that is not a date', () => {
    expect(parseExpiry('next week')).toBeUndefined();
    expect(parseExpiry('2024-13-01 00:00:00')).toBeUndefined();
  });
});
