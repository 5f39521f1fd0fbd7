import { message } from '@tollgate/contract';
import type { AppContext } from '../../context.js';
import { fail } from '../../http/errors.js';
import type { OAuthProvider } from './oauth-callback.js';
import { baseUrl, objectField, providerJson, textField } from './provider-http.js';

/**
 * Feishu / Lark web sign-in: the OAuth token endpoint (https://open.feishu.cn/document/authentication-management/access-token/get-user-access-token)
 * and the signed-in user's info (https://open.feishu.cn/document/server-docs/authentication-v1/user/get).
 * LarkBaseUrl is https://open.feishu.cn, or https://open.larksuite.com for Lark international.
 */
export const DEFAULT_LARK_BASE_URL = 'https://open.feishu.cn';

export const larkProvider: OAuthProvider = {
  label: 'Lark',
  column: 'lark_id',
  usernamePrefix: 'lark',
  defaultDisplayName: 'Lark User',
  // one-api has no switch for Lark: it is on once an app is configured.
  enabled: (ctx) => ctx.options.str('LarkClientId').trim() !== '',

  async profile(ctx: AppContext, code: string, origin: string) {
    const o = ctx.options;
    const base = baseUrl(o.str('LarkBaseUrl'), DEFAULT_LARK_BASE_URL);
    // The same redirect URI the console sent the browser with, or Lark refuses the exchange.
    const redirectUri = `${(o.str('ServerAddress').trim() || origin).replace(/\/+$/, '')}/oauth/lark`;
    const token = await providerJson(ctx, 'Lark', `${base}/open-apis/authen/v2/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json; charset=utf-8', accept: 'application/json' },
      body: JSON.stringify({ grant_type: 'authorization_code', client_id: o.str('LarkClientId'), client_secret: o.str('LarkClientSecret'), code, redirect_uri: redirectUri }),
    });
    const accessToken = textField(token, 'access_token');
    if (!accessToken) throw fail('oauth.refused', { provider: 'Lark', detail: textField(token, 'error_description') || textField(token, 'msg') || textField(token, 'error') || message('oauth.no_access_token') });

    const info = await providerJson(ctx, 'Lark', `${base}/open-apis/authen/v1/user_info`, { headers: { authorization: `Bearer ${accessToken}` } });
    const user = objectField(info, 'data');
    // open_id, as one-api stores it: an app's own id for the person, the same on both endpoints one-api used.
    const openId = textField(user, 'open_id');
    if (!openId) throw fail('oauth.no_user', { provider: 'Lark', detail: textField(info, 'msg') || message('oauth.open_id_empty') });
    return { id: openId, displayName: textField(user, 'name'), email: textField(user, 'email') };
  },
};
