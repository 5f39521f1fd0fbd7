import { message } from '@tollgate/contract';
import type { AppContext } from '../../context.js';
import { fail } from '../../http/errors.js';
import type { OAuthProvider } from './oauth-callback.js';
import { oidcEndpoints, type OidcEndpoints } from './oidc-discovery.js';
import { providerJson, textField } from './provider-http.js';

/**
 * OpenID Connect authorization code flow (https://openid.net/specs/openid-connect-core-1_0.html#CodeFlowAuth)
 * for a confidential client. The identity is the UserInfo `sub`, as in one-api; the person is never taken
 * from the browser, only from the issuer over a direct call.
 */
export const oidcProvider: OAuthProvider = {
  label: 'OIDC',
  column: 'oidc_id',
  usernamePrefix: 'oidc',
  defaultDisplayName: 'OIDC User',
  enabled: (ctx) => ctx.options.bool('OidcEnabled'),

  async profile(ctx: AppContext, code: string, origin: string) {
    const endpoints = await oidcEndpoints(ctx);
    if (!endpoints.token || !endpoints.userinfo) throw fail('oauth.oidc_not_configured');
    const redirectUri = `${(ctx.options.str('ServerAddress').trim() || origin).replace(/\/+$/, '')}/oauth/oidc`;
    const token = await providerJson(ctx, 'OIDC', endpoints.token, tokenRequest(ctx, endpoints, code, redirectUri));
    const accessToken = textField(token, 'access_token');
    if (!accessToken) throw fail('oauth.oidc_refused', { detail: textField(token, 'error_description') || textField(token, 'error') || message('oauth.no_access_token') });

    const user = await providerJson(ctx, 'OIDC', endpoints.userinfo, { headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' } });
    const sub = textField(user, 'sub');
    if (!sub) throw fail('oauth.oidc_no_user');
    return { id: sub, displayName: textField(user, 'name'), email: textField(user, 'email'), username: textField(user, 'preferred_username') };
  },
};

/**
 * The token request as RFC 6749 section 4.1.3 has it: a form body (one-api sent JSON, which most issuers
 * refuse). The secret goes in the body (client_secret_post) unless discovery says the issuer only takes
 * HTTP Basic.
 */
function tokenRequest(ctx: AppContext, endpoints: OidcEndpoints, code: string, redirectUri: string): RequestInit {
  const clientId = ctx.options.str('OidcClientId');
  const clientSecret = ctx.options.str('OidcClientSecret');
  const form = new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: redirectUri, client_id: clientId });
  const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' };
  const methods = endpoints.tokenAuthMethods;
  if (methods.length > 0 && !methods.includes('client_secret_post') && methods.includes('client_secret_basic')) {
    // Section 2.3.1: both parts are form-encoded before they are joined and base64-encoded.
    headers.authorization = `Basic ${Buffer.from(`${formEncode(clientId)}:${formEncode(clientSecret)}`).toString('base64')}`;
  } else {
    form.set('client_secret', clientSecret);
  }
  return { method: 'POST', headers, body: form.toString() };
}

const formEncode = (value: string) => new URLSearchParams({ v: value }).toString().slice(2);
