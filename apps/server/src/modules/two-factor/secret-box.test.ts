import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { openSecret, sealSecret } from './secret-box.js';

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
    expect(openSecret(key, `${sealed.slice(0, -2)}AA`)).toBeUndefined();
    expect(openSecret(key, 'JBSWY3DPEHPK3PXP')).toBeUndefined();
  });
});
