import { createHash, randomInt } from 'node:crypto';
import { RECOVERY_CODE_COUNT } from '@tollgate/contract';

// No 0/o, 1/l/i: a code copied from paper is read back without doubt.
const ALPHABET = '23456789abcdefghjkmnpqrstuvwxyz';

const group = () => Array.from({ length: 5 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');

/** Ten fresh codes as shown to the user once (`abcde-23456`, about 49 bits each). */
export const newRecoveryCodes = (): string[] => Array.from({ length: RECOVERY_CODE_COUNT }, () => `${group()}-${group()}`);

/** What is stored: the hash of the code as typed in any case, with or without its dash. */
export const hashRecoveryCode = (code: string): string => createHash('sha256').update(code.trim().toLowerCase().replace('-', '')).digest('hex');

export const parseStoredHashes = (stored: string): string[] => {
  try {
    const parsed: unknown = JSON.parse(stored || '[]');
    return Array.isArray(parsed) ? parsed.filter((item): item is string => typeof item === 'string') : [];
  } catch {
    return [];
  }
};
