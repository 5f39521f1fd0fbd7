import type { FastifyPluginAsync } from 'fastify';
import { StatusSchema, type Status } from '@tollgate/contract';
import type { AppContext } from '../../context.js';
import { ok } from '../../http/envelope.js';
import { describeRoutes } from '../../http/openapi/route-description.js';
import { DEFAULT_GITHUB_BASE_URL } from '../oauth/github.provider.js';
import { DEFAULT_LARK_BASE_URL } from '../oauth/lark.provider.js';
import { statusOidcEndpoints } from '../oauth/oidc-discovery.js';
import { baseUrl } from '../oauth/provider-http.js';

/**
 * Public, read by the console on every page load and by one-api's scripts. The OIDC endpoints are the ones
 * in force (discovered from the well-known URL when not set), so the console can build the authorize URL.
 */
export async function buildStatus(ctx: AppContext): Promise<Status> {
  const o = ctx.options;
  const oidc = await statusOidcEndpoints(ctx);
  return {
    version: ctx.version,
    start_time: ctx.startTime,
    system_name: o.str('SystemName'),
    logo: o.str('Logo'),
    footer_html: o.str('Footer'),
    quota_per_unit: o.num('QuotaPerUnit'),
    display_in_currency: o.bool('DisplayInCurrencyEnabled'),
    display_currency: o.str('DisplayCurrency'),
    currency_exchange_rate: o.num('CurrencyExchangeRate'),
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
    github_base_url: baseUrl(o.str('GitHubBaseUrl'), DEFAULT_GITHUB_BASE_URL),
    lark_client_id: o.str('LarkClientId'),
    lark_base_url: baseUrl(o.str('LarkBaseUrl'), DEFAULT_LARK_BASE_URL),
    oidc: o.bool('OidcEnabled'),
    oidc_client_id: o.str('OidcClientId'),
    oidc_well_known: o.str('OidcWellKnown'),
    oidc_authorization_endpoint: oidc.authorization,
    oidc_token_endpoint: oidc.token,
    oidc_userinfo_endpoint: oidc.userinfo,
    password_login: o.bool('PasswordLoginEnabled'),
    password_register: o.bool('PasswordRegisterEnabled'),
    register: o.bool('RegisterEnabled'),
  };
}

const doc = describeRoutes({ tag: 'Status', auth: 'public' });

export const statusRoutes = (ctx: AppContext): FastifyPluginAsync => async (app) => {
  app.get('/status', doc('The site\'s public settings', { data: StatusSchema }), async () => ok(await buildStatus(ctx)));
  // The content options are returned as raw strings (Markdown, HTML or an https:// URL for an iframe).
  app.get('/notice', doc('The notice (Markdown)'), async () => ok(ctx.options.str('Notice')));
  app.get('/about', doc('The about page (Markdown, HTML or a URL)'), async () => ok(ctx.options.str('About')));
  app.get('/home_page_content', doc('The home page content (Markdown, HTML or a URL)'), async () => ok(ctx.options.str('HomePageContent')));
};
