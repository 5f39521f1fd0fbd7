import { z } from 'zod';

/** GET /api/status data: spec section 3 "Status object" plus one-api's extra fields. */
export const StatusSchema = z.object({
  version: z.string(),
  start_time: z.number().int(),
  system_name: z.string(),
  logo: z.string(),
  footer_html: z.string(),
  quota_per_unit: z.number(),
  display_in_currency: z.boolean(),
  /** Tollgate's: the currency money is shown in (USD, CNY...), and how many of it a US dollar buys. */
  display_currency: z.string(),
  currency_exchange_rate: z.number(),
  chat_link: z.string(),
  top_up_link: z.string(),
  server_address: z.string(),
  turnstile_check: z.boolean(),
  turnstile_site_key: z.string(),
  email_verification: z.boolean(),
  wechat_login: z.boolean(),
  wechat_qrcode: z.string(),
  github_oauth: z.boolean(),
  github_client_id: z.string(),
  /** Where the browser is sent to authorize: https://github.com, or a GitHub Enterprise Server. */
  github_base_url: z.string(),
  lark_client_id: z.string(),
  /** https://open.feishu.cn, or https://open.larksuite.com for Lark international. */
  lark_base_url: z.string(),
  oidc: z.boolean(),
  oidc_client_id: z.string(),
  oidc_well_known: z.string(),
  oidc_authorization_endpoint: z.string(),
  oidc_token_endpoint: z.string(),
  oidc_userinfo_endpoint: z.string(),
  password_login: z.boolean(),
  password_register: z.boolean(),
  register: z.boolean(),
});
export type Status = z.infer<typeof StatusSchema>;
