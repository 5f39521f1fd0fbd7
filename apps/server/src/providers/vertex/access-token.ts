import { createHash } from 'node:crypto';
import type { JWT } from 'google-auth-library';
import type { UpstreamRefusal } from '../adaptor.js';
import { GOOGLE_TOKEN_URI, readServiceAccount, type ServiceAccount } from './service-account.js';

/**
 * Vertex AI access tokens: the channel's service-account key signs a JWT that the key's token endpoint
 * exchanges for an OAuth access token of about an hour (reference providers.md 4.1). google-auth-library
 * signs and exchanges; this module caches the token per key until five minutes before it expires, and
 * shares one exchange between the requests that arrive while it is under way.
 * Docs: https://developers.google.com/identity/protocols/oauth2/service-account#httprest
 */
const SCOPE = 'https://www.googleapis.com/auth/cloud-platform';
const RENEW_BEFORE_MS = 5 * 60 * 1000;
/** Google's usual lifetime, for an answer that gives none. */
const DEFAULT_LIFETIME_MS = 3600 * 1000;
const EXCHANGE_TIMEOUT_MS = 15_000;

const cache = new Map<string, { token: string; expiresAtMs: number }>();
const underWay = new Map<string, Promise<UpstreamRefusal | undefined>>();

/** Keys are cached by digest: the private key itself is not kept as a map key. */
const cacheKey = (credentials: string) => createHash('sha256').update(credentials).digest('hex');

export function cachedVertexToken(credentials: string, nowMs = Date.now()): string | undefined {
  const entry = cache.get(cacheKey(credentials));
  return entry && entry.expiresAtMs - RENEW_BEFORE_MS > nowMs ? entry.token : undefined;
}

/**
 * Forgets the key's token after a model call answered 401 with it (revoked, or expired early), so the
 * next call exchanges the key anew. Answers whether a token was cached.
 */
export const forgetVertexToken = (credentials: string): boolean => cache.delete(cacheKey(credentials));

const refusal = (message: string): UpstreamRefusal => ({ status: 401, error: { message, type: 'authentication_error', code: 'invalid_api_key' } });

/** Gets a token unless a fresh one is cached; a key or exchange the token endpoint refuses is an auth failure. */
export function ensureVertexToken(credentials: string, nowMs = Date.now()): Promise<UpstreamRefusal | undefined> {
  if (cachedVertexToken(credentials, nowMs)) return Promise.resolve(undefined);
  const key = cacheKey(credentials);
  const running = underWay.get(key);
  if (running) return running;
  const exchange = exchangeToken(credentials, key, nowMs).finally(() => underWay.delete(key));
  underWay.set(key, exchange);
  return exchange;
}

async function exchangeToken(credentials: string, key: string, nowMs: number): Promise<UpstreamRefusal | undefined> {
  const account = readServiceAccount(credentials);
  if ('problem' in account) return refusal(account.problem);
  try {
    const tokens = await (await jwtClient(account)).authorize();
    if (!tokens.access_token) return refusal('the Vertex AI token endpoint answered without an access token');
    const lifetimeMs = tokens.expiry_date ? tokens.expiry_date - Date.now() : DEFAULT_LIFETIME_MS;
    cache.set(key, { token: tokens.access_token, expiresAtMs: nowMs + lifetimeMs });
    return undefined;
  } catch (error) {
    return exchangeFailure(error);
  }
}

/**
 * google-auth-library always posts to Google's token endpoint; a key naming another `token_uri` (a
 * private deployment, a test's fake) is honoured by redirecting that one call. The relay retries on
 * another channel, so the library's own retries are turned off.
 */
async function jwtClient(account: ServiceAccount): Promise<JWT> {
  // Loaded with the first Vertex channel's first token: other nodes never pay for the library.
  const { JWT } = await import('google-auth-library');
  // The assertion's audience is the endpoint that reads it, as Google's own libraries set it from token_uri.
  const client = new JWT({ email: account.clientEmail, key: account.privateKey, keyId: account.privateKeyId, scopes: [SCOPE], additionalClaims: { aud: account.tokenUri } });
  client.transporter.interceptors.request.add({
    resolved: (options) => {
      if (account.tokenUri !== GOOGLE_TOKEN_URI && String(options.url) === GOOGLE_TOKEN_URI) options.url = new URL(account.tokenUri);
      options.retryConfig = { ...options.retryConfig, retry: 0 };
      options.timeout = EXCHANGE_TIMEOUT_MS;
      return Promise.resolve(options);
    },
  });
  return client;
}

/**
 * The token endpoint's 4xx (`invalid_grant`: a revoked or mistyped key) is the channel's fault: 401, which auto-disable understands. A 5xx or a network failure is the endpoint's:
 * 502, retried elsewhere, the channel kept.
 */
function exchangeFailure(error: unknown): UpstreamRefusal {
  const status = (error as { response?: { status?: unknown } }).response?.status;
  const message = error instanceof Error ? error.message : String(error);
  const answered = typeof status === 'number';
  if (answered && status >= 500) return { status: 502, error: { message: `the Vertex AI token endpoint failed (HTTP ${status}): ${message}`, type: 'upstream_error', code: 'token_exchange_failed' } };
  if (!answered) return { status: 502, error: { message: `the Vertex AI token endpoint could not be reached: ${message}`, type: 'upstream_error', code: 'token_exchange_failed' } };
  return refusal(`Vertex AI refused the service-account credentials${answered ? ` (HTTP ${status})` : ''}: ${message}`);
}
