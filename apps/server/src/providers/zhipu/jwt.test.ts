import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { cachedZhipuToken, ensureZhipuToken, forgetZhipuToken, signZhipuToken } from './jwt.js';

const VECTOR =
  'eyJhbGciOiJIUzI1NiIsInNpZ25fdHlwZSI6IlNJR04iLCJ0eXAiOiJKV1QifQ.eyJhcGlfa2V5IjoibXlpZCIsImV4cCI6MTcwMDAwMzYwMDAwMCwidGltZXN0YW1wIjoxNzAwMDAwMDAwMDAwfQ.yB-qSm5xbfQ3u8eOdtBqVd6AQTVMXx2gA6qeWWoSjho';

describe('Zhipu JWT (reference providers.md 10.1)', () => {
  it('matches the reference vector', async () => {
    expect(await signZhipuToken('myid.mysecret', 1700000000000, 1700003600000)).toBe(VECTOR);
  });

  it('signs header and claims with HMAC-SHA256 of the secret, times in milliseconds', async () => {
    const token = (await signZhipuToken('abc.s3cret', 1000, 2000)) ?? '';
    const [header = '', claims = '', signature] = token.split('.');
    expect(JSON.parse(Buffer.from(header, 'base64url').toString())).toEqual({ alg: 'HS256', sign_type: 'SIGN', typ: 'JWT' });
    expect(JSON.parse(Buffer.from(claims, 'base64url').toString())).toEqual({ api_key: 'abc', exp: 2000, timestamp: 1000 });
    expect(signature).toBe(createHmac('sha256', 's3cret').update(`${header}.${claims}`).digest('base64url'));
  });

  it('refuses a key that is not id.secret', async () => {
    expect(await signZhipuToken('nodot', 1, 2)).toBeUndefined();
    expect(await signZhipuToken('.secret', 1, 2)).toBeUndefined();
    expect(await signZhipuToken('id.', 1, 2)).toBeUndefined();
  });

  it('caches the token per key and renews it shortly before it expires', async () => {
    expect(cachedZhipuToken('cache.k1', 1_000_000)).toBeUndefined();
    const first = await ensureZhipuToken('cache.k1', 1_000_000);
    expect(cachedZhipuToken('cache.k1', 1_000_000 + 60_000)).toBe(first);
    expect(await ensureZhipuToken('cache.k1', 1_000_000 + 60_000)).toBe(first);
    expect(await ensureZhipuToken('cache.k2', 1_000_000)).not.toBe(first);
    expect(cachedZhipuToken('cache.k1', 1_000_000 + 24 * 3600_000 - 60_000)).toBeUndefined();
    expect(await ensureZhipuToken('cache.k1', 1_000_000 + 24 * 3600_000 - 60_000)).not.toBe(first);
  });

  it('forgets a refused token so the next request signs a new one', async () => {
    await ensureZhipuToken('forget.k1');
    expect(forgetZhipuToken('forget.k1')).toBe(true);
    expect(cachedZhipuToken('forget.k1')).toBeUndefined();
    expect(forgetZhipuToken('forget.k1')).toBe(false);
  });
});
