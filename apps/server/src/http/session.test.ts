import { describe, expect, it } from 'vitest';
import { SessionCodec } from './session.js';

describe('SessionCodec', () => {
  const data = { id: 7, username: 'alice', role: 1, status: 1 };

  it('round-trips across nodes that share the secret', () => {
    const cookie = new SessionCodec('shared').encode(data);
    expect(new SessionCodec('shared').decode(cookie)).toEqual(data);
  });

  it('rejects another secret, a tampered payload and garbage', () => {
    const cookie = new SessionCodec('shared').encode(data);
    expect(new SessionCodec('other').decode(cookie)).toBeUndefined();
    const [, signature] = cookie.split('.');
    const forged = Buffer.from(JSON.stringify({ ...data, role: 100, iat: Math.floor(Date.now() / 1000) })).toString('base64url');
    expect(new SessionCodec('shared').decode(`${forged}.${signature}`)).toBeUndefined();
    expect(new SessionCodec('shared').decode('nonsense')).toBeUndefined();
    expect(new SessionCodec('shared').decode(undefined)).toBeUndefined();
  });

  it('expires after 30 days', () => {
    const codec = new SessionCodec('shared');
    const issued = 1_700_000_000;
    const cookie = codec.encode(data, issued);
    expect(codec.decode(cookie, issued + 29 * 86400)).toEqual(data);
    expect(codec.decode(cookie, issued + 31 * 86400)).toBeUndefined();
  });
});
