import { message } from '@tollgate/contract';
import type { AppContext } from '../../context.js';
import { fail } from '../../http/errors.js';
import type { OAuthProvider } from './oauth-callback.js';
import { baseUrl, providerJson, textField } from './provider-http.js';

/**
 * GitHub's web application flow (https://docs.github.com/en/apps/oauth-apps/building-oauth-apps/authorizing-oauth-apps).
 * Both hosts are options so that GitHub Enterprise Server works: there the API lives at `<host>/api/v3`.
 */
export const DEFAULT_GITHUB_BASE_URL = 'https://github.com';
export const DEFAULT_GITHUB_API_BASE_URL = 'https://api.github.com';

export const githubProvider: OAuthProvider = {
  label: 'GitHub',
  column: 'github_id',
  usernamePrefix: 'github',
  defaultDisplayName: 'GitHub User',
  enabled: (ctx) => ctx.options.bool('GitHubOAuthEnabled'),

  async profile(ctx: AppContext, code: string) {
    const o = ctx.options;
    const token = await providerJson(ctx, 'GitHub', `${baseUrl(o.str('GitHubBaseUrl'), DEFAULT_GITHUB_BASE_URL)}/login/oauth/access_token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ client_id: o.str('GitHubClientId'), client_secret: o.str('GitHubClientSecret'), code }),
    });
    const accessToken = textField(token, 'access_token');
    // GitHub answers a bad or used code with HTTP 200 and an `error` field.
    if (!accessToken) throw fail('oauth.refused', { provider: 'GitHub', detail: textField(token, 'error_description') || textField(token, 'error') || message('oauth.no_access_token') });

    const user = await providerJson(ctx, 'GitHub', `${baseUrl(o.str('GitHubApiBaseUrl'), DEFAULT_GITHUB_API_BASE_URL)}/user`, {
      headers: { authorization: `Bearer ${accessToken}`, accept: 'application/vnd.github+json', 'user-agent': 'Tollgate' },
    });
    // The login is the identity, as in one-api, so accounts bound there keep signing in here.
    const login = textField(user, 'login');
    if (!login) throw fail('oauth.no_user', { provider: 'GitHub', detail: textField(user, 'message') || message('oauth.login_empty') });
    return { id: login, displayName: textField(user, 'name'), email: textField(user, 'email') };
  },
};
