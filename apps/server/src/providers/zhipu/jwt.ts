import { createHmac } from 'node:crypto';

/**
 * Zhipu's API token: an HS256 JWT signed with the secret half of the `{id}.{secret}` key, both times in
 * milliseconds (reference providers.md 10.1). Signed here with node:crypto: no JWT library is installed,
 * and HS256 is one HMAC over two base64url segments.
 * Docs: https://open.bigmodel.cn/dev/api/http-call/http-auth
 */
const TOKEN_LIFETIME_MS = 24 * 60 * 60 * 1000;
/** A cached token is renewed this long before it expires, so a slow request never carries a stale one. */
const RENEW_BEFORE_MS = 5 * 60 * 1000;

const base64url = (text: string) => Buffer.from(text, 'utf8').toString('base64url');

/** Signs the token of `key` valid from `nowMs` to `expMs`; undefined when the key is not `id.secret`. */
export function signZhipuToken(key: string, nowMs: number, expMs: number): string | undefined {
  const dot = key.indexOf('.');
  if (dot <= 0 || dot === key.length - 1) return undefined;
  const header = base64url(JSON.stringify({ alg: 'HS256', sign_type: 'SIGN', typ: 'JWT' }));
  const claims = base64url(JSON.stringify({ api_key: key.slice(0, dot), exp: expMs, timestamp: nowMs }));
  const signature = createHmac('sha256', key.slice(dot + 1)).update(`${header}.${claims}`).digest('base64url');
  return `${header}.${claims}.${signature}`;
}

const cache = new Map<string, { token: string; expMs: number }>();

/** The token of `key`, signed once per day per key as one-api does; undefined when the key is malformed. */
export function zhipuToken(key: string, nowMs = Date.now()): string | undefined {
  const cached = cache.get(key);
  if (cached && cached.expMs - RENEW_BEFORE_MS > nowMs) return cached.token;
  const expMs = nowMs + TOKEN_LIFETIME_MS;
  const token = signZhipuToken(key, nowMs, expMs);
  if (token) cache.set(key, { token, expMs });
  return token;
}
