import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { openSecret, sealSecret } from './secret-box.js';

/**
 * The sealed value with one bit of its ciphertext flipped. (Rewriting its last base64 characters was not always
 * a change: the last character of 16 bytes carries 2 bits, so 1 run in 256 rewrote the same bytes.)
 */
function damaged(sealed: string): string {
  const parts = sealed.split('.');
  const data = Buffer.from(parts[3] ?? '', 'base64url');
  data[0] = (data[0] ?? 0) ^ 1;
  return [...parts.slice(0, 3), data.toString('base64url')].join('.');
}

describe('the TOTP secret at rest', () => {
  const key = randomBytes(32);

  it('opens what it sealed, and each sealing differs', () => {
    const sealed = sealSecret(key, 'JBSWY3DPEHPK3PXP');
    expect(sealed).not.toContain('JBSWY3DPEHPK3PXP');
    expect(sealSecret(key, 'JBSWY3DPEHPK3PXP')).not.toBe(sealed);
    expect(openSecret(key, sealed)).toBe('JBSWY3DPEHPK3PXP');
  });

  it('opens nothing with another key (SESSION_SECRET changed) or from a damaged value', () => {
    const sealed = sealSecret(key, 'JBSWY3DPEHPK3PXP');
    expect(openSecret(randomBytes(32), sealed)).toBeUndefined();
    expect(openSecret(key, damaged(sealed))).toBeUndefined();
    expect(openSecret(key, 'JBSWY3DPEHPK3PXP')).toBeUndefined();
  });
});
