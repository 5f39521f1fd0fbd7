import type { PostForText, UpstreamRefusal } from '../adaptor.js';

/**
 * Qianfan v1 access tokens: the `API_KEY|SECRET_KEY` key is exchanged at /oauth/2.0/token for a token of
 * about 30 days, cached per key and renewed when less than an hour is left, as one-api does (reference
 * providers.md 7.1). The token endpoint is on the channel's host, so a test or proxy can stand in for it.
 * Docs: https://ai.baidu.com/ai-doc/REFERENCE/Ck3dwjhhu
 */
const RENEW_BEFORE_MS = 60 * 60 * 1000;

const cache = new Map<string, { token: string; expiresAtMs: number }>();

const cacheKey = (base: string, key: string) => `${base}\n${key}`;

/** The cached token for the channel, if still fresh. */
export function cachedBaiduToken(base: string, key: string, nowMs = Date.now()): string | undefined {
  const entry = cache.get(cacheKey(base, key));
  return entry && entry.expiresAtMs - RENEW_BEFORE_MS > nowMs ? entry.token : undefined;
}

/**
 * Forgets the channel's token after Baidu refused it (error 110/111: invalid or expired before its time,
 * e.g. revoked), so the next call exchanges the key anew. Answers whether a token was cached.
 */
export const forgetBaiduToken = (base: string, key: string): boolean => cache.delete(cacheKey(base, key));

const refusal = (message: string): UpstreamRefusal => ({ status: 401, error: { message, type: 'authentication_error', code: 'invalid_api_key' } });

/** Exchanges the key unless a fresh token is cached; a refused exchange is an auth failure of the channel. */
export async function ensureBaiduToken(base: string, key: string, post: PostForText, nowMs = Date.now()): Promise<UpstreamRefusal | undefined> {
  if (cachedBaiduToken(base, key, nowMs)) return undefined;
  const [apiKey, secretKey] = key.split('|');
  if (!apiKey || !secretKey) return refusal('the Baidu channel key must be API_KEY|SECRET_KEY');
  const query = new URLSearchParams({ grant_type: 'client_credentials', client_id: apiKey, client_secret: secretKey });
  const answer = await post(`${base}/oauth/2.0/token?${query.toString()}`);
  let parsed: { access_token?: unknown; expires_in?: unknown; error?: unknown; error_description?: unknown };
  try {
    parsed = JSON.parse(answer.body) as typeof parsed;
  } catch {
    parsed = {};
  }
  if (typeof parsed.access_token !== 'string' || parsed.access_token === '') {
    const reason = [parsed.error, parsed.error_description].filter((v) => typeof v === 'string').join(': ');
    return refusal(`Baidu refused the access token exchange (HTTP ${answer.status})${reason ? `: ${reason}` : ''}`);
  }
  const lifetimeMs = (typeof parsed.expires_in === 'number' ? parsed.expires_in : 0) * 1000;
  cache.set(cacheKey(base, key), { token: parsed.access_token, expiresAtMs: nowMs + lifetimeMs });
  return undefined;
}
