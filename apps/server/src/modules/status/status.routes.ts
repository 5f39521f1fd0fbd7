import type { FastifyPluginAsync } from 'fastify';
import type { Status } from '@tollgate/contract';
import type { AppContext } from '../../context.js';
import { ok } from '../../http/envelope.js';

/** Public, read by the console on every page load and by one-api's scripts. */
export function buildStatus(ctx: AppContext): Status {
  const o = ctx.options;
  return {
    version: ctx.version,
    start_time: ctx.startTime,
    system_name: o.str('SystemName'),
    logo: o.str('Logo'),
    footer_html: o.str('Footer'),
    quota_per_unit: o.num('QuotaPerUnit'),
    display_in_currency: o.bool('DisplayInCurrencyEnabled'),
    chat_link: o.str('ChatLink'),
    top_up_link: o.str('TopUpLink'),
    server_address: o.str('ServerAddress'),
    turnstile_check: o.bool('TurnstileCheckEnabled'),
    turnstile_site_key: o.str('TurnstileSiteKey'),
    email_verification: o.bool('EmailVerificationEnabled'),
    wechat_login: o.bool('WeChatAuthEnabled'),
    wechat_qrcode: o.str('WeChatAccountQRCodeImageURL'),
    github_oauth: o.bool('GitHubOAuthEnabled'),
    github_client_id: o.str('GitHubClientId'),
    lark_client_id: o.str('LarkClientId'),
    oidc: o.bool('OidcEnabled'),
    oidc_client_id: o.str('OidcClientId'),
    oidc_well_known: o.str('OidcWellKnown'),
    oidc_authorization_endpoint: o.str('OidcAuthorizationEndpoint'),
    oidc_token_endpoint: o.str('OidcTokenEndpoint'),
    oidc_userinfo_endpoint: o.str('OidcUserinfoEndpoint'),
    password_login: o.bool('PasswordLoginEnabled'),
    password_register: o.bool('PasswordRegisterEnabled'),
    register: o.bool('RegisterEnabled'),
  };
}

export const statusRoutes = (ctx: AppContext): FastifyPluginAsync => async (app) => {
  app.get('/status', async () => ok(buildStatus(ctx)));
  // The content options are returned as raw strings (Markdown, HTML or an https:// URL for an iframe).
  app.get('/notice', async () => ok(ctx.options.str('Notice')));
  app.get('/about', async () => ok(ctx.options.str('About')));
  app.get('/home_page_content', async () => ok(ctx.options.str('HomePageContent')));
};
