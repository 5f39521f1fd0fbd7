
/**
 * Zhipu's API token: an HS256 JWT signed with the secret half of the `{id}.{secret}` key, with the extra
 * header `sign_type: SIGN` and both times in milliseconds (reference providers.md 10.1). Signed with the
 * maintained `jose` library, which is asynchronous: the adaptor signs in `prepare` and `buildRequest`
 * reads the cached token.
 * Docs: https://open.bigmodel.cn/dev/api/http-call/http-auth
 */
const TOKEN_LIFETIME_MS = 24 * 60 * 60 * 1000;
/** A cached token is renewed this long before it expires, so a slow request never carries a stale one. */
const RENEW_BEFORE_MS = 5 * 60 * 1000;

const encoder = new TextEncoder();

/** Splits `id.secret`; undefined when the key has another shape (then it is sent as a bearer key). */
function keyParts(key: string): { id: string; secret: string } | undefined {
  const dot = key.indexOf('.');
  if (dot <= 0 || dot === key.length - 1) return undefined;
  return { id: key.slice(0, dot), secret: key.slice(dot + 1) };
}

/**
 * Signs the token of `key` valid from `nowMs` to `expMs`; undefined when the key is not `id.secret`.
 * The claims are set as given rather than through jose's `setExpirationTime`, which writes seconds.
 */
export async function signZhipuToken(key: string, nowMs: number, expMs: number): Promise<string | undefined> {
  const parts = keyParts(key);
  if (!parts) return undefined;
  const { SignJWT } = await import('jose');
  return new SignJWT({ api_key: parts.id, exp: expMs, timestamp: nowMs })
    .setProtectedHeader({ alg: 'HS256', sign_type: 'SIGN', typ: 'JWT' })
    .sign(encoder.encode(parts.secret));
}

const cache = new Map<string, { token: string; expMs: number }>();

/** The cached token of `key` while it is fresh, for the synchronous `buildRequest`. */
export function cachedZhipuToken(key: string, nowMs = Date.now()): string | undefined {
  const cached = cache.get(key);
  return cached && cached.expMs - RENEW_BEFORE_MS > nowMs ? cached.token : undefined;
}

/** Makes sure a fresh token of `key` is cached, signed once per day per key as one-api does. */
export async function ensureZhipuToken(key: string, nowMs = Date.now()): Promise<string | undefined> {
  const cached = cachedZhipuToken(key, nowMs);
  if (cached) return cached;
  const expMs = nowMs + TOKEN_LIFETIME_MS;
  const token = await signZhipuToken(key, nowMs, expMs);
  if (token) cache.set(key, { token, expMs });
  return token;
}

/** Drops the cached token of `key` after Zhipu refused it (expired early, say); true when one was cached. */
export const forgetZhipuToken = (key: string): boolean => cache.delete(key);
