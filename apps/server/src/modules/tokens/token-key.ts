import { randomAlphanumeric, uuidHex } from '../../lib/random.js';

/**
 * A relay key as one-api makes it: 16 random alphanumerics, then a dash-less UUID whose lowercase letters
 * at even positions are upper-cased. 48 characters, stored without the `sk-` prefix the console shows.
 */
export function generateTokenKey(): string {
  const uuid = [...uuidHex()].map((ch, i) => (i % 2 === 0 && ch >= 'a' && ch <= 'z' ? ch.toUpperCase() : ch)).join('');
  return randomAlphanumeric(16) + uuid;
}
