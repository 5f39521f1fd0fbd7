import type { AppContext } from '../../context.js';
import { ApiError, fail } from '../../http/errors.js';
import { providerJson, textField } from './provider-http.js';

/** The endpoints a sign-in needs, from the options or the issuer's discovery document. */
export interface OidcEndpoints {
  authorization: string;
  token: string;
  userinfo: string;
  /** token_endpoint_auth_methods_supported, when discovery says; empty when unknown. */
  tokenAuthMethods: string[];
}

/** A discovery document changes rarely; a failing issuer is asked again after a minute, not on every status call. */
const FRESH_MS = 60 * 60 * 1000;
const RETRY_AFTER_FAILURE_MS = 60 * 1000;
const cache = new Map<string, { until: number; value?: OidcEndpoints; error?: ApiError }>();

/** Reads (and caches per node) the OpenID Provider Configuration at `url` (OpenID Connect Discovery 1.0, section 4). */
export async function discover(ctx: AppContext, url: string, now = Date.now()): Promise<OidcEndpoints> {
  const cached = cache.get(url);
  if (cached && cached.until > now) {
    if (cached.value) return cached.value;
    if (cached.error) throw cached.error;
  }
  try {
    const document = await providerJson(ctx, 'OIDC', url, { headers: { accept: 'application/json' } });
    const methods = (document as { token_endpoint_auth_methods_supported?: unknown } | null)?.token_endpoint_auth_methods_supported;
    const value: OidcEndpoints = {
      authorization: textField(document, 'authorization_endpoint'),
      token: textField(document, 'token_endpoint'),
      userinfo: textField(document, 'userinfo_endpoint'),
      tokenAuthMethods: Array.isArray(methods) ? methods.filter((m): m is string => typeof m === 'string') : [],
    };
    if (!value.authorization && !value.token) throw fail('oauth.oidc_no_endpoints');
    cache.set(url, { until: now + FRESH_MS, value });
    return value;
  } catch (error) {
    if (error instanceof ApiError) cache.set(url, { until: now + RETRY_AFTER_FAILURE_MS, error });
    throw error;
  }
}

/** Forgets every discovered document (tests; an operator changing the issuer uses a new URL anyway). */
export const forgetDiscovery = () => cache.clear();

/**
 * The endpoints to use: each one set in the options wins; the well-known document fills the blanks, and is
 * fetched only when there is a blank to fill.
 */
export async function oidcEndpoints(ctx: AppContext): Promise<OidcEndpoints> {
  const o = ctx.options;
  const explicit = { authorization: o.str('OidcAuthorizationEndpoint').trim(), token: o.str('OidcTokenEndpoint').trim(), userinfo: o.str('OidcUserinfoEndpoint').trim() };
  const wellKnown = o.str('OidcWellKnown').trim();
  if ((explicit.authorization && explicit.token && explicit.userinfo) || !wellKnown) return { ...explicit, tokenAuthMethods: [] };
  const found = await discover(ctx, wellKnown);
  return {
    authorization: explicit.authorization || found.authorization,
    token: explicit.token || found.token,
    userinfo: explicit.userinfo || found.userinfo,
    tokenAuthMethods: found.tokenAuthMethods,
  };
}

/**
 * The endpoints /api/status reports while OIDC is on, so the console can send the browser to the
 * authorization endpoint even when only the well-known URL is configured. A failing issuer leaves the
 * blanks blank rather than failing the status, which every page loads.
 */
export async function statusOidcEndpoints(ctx: AppContext): Promise<Omit<OidcEndpoints, 'tokenAuthMethods'>> {
  const o = ctx.options;
  const configured = { authorization: o.str('OidcAuthorizationEndpoint'), token: o.str('OidcTokenEndpoint'), userinfo: o.str('OidcUserinfoEndpoint') };
  if (!o.bool('OidcEnabled')) return configured;
  try {
    const { authorization, token, userinfo } = await oidcEndpoints(ctx);
    return { authorization, token, userinfo };
  } catch {
    return configured;
  }
}
