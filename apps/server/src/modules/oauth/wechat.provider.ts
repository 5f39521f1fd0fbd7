import { message } from '@tollgate/contract';
import type { AppContext } from '../../context.js';
import { fail } from '../../http/errors.js';
import type { ExternalProfile, IdentityProvider } from './external-identity.js';
import { providerJson, textField } from './provider-http.js';

/**
 * WeChat sign-in through the WeChat Server companion (https://github.com/songquanpeng/wechat-server): the
 * person reads a code from the official account, and the companion tells which openid it was given to.
 */
export const wechatProvider: IdentityProvider = {
  label: 'WeChat',
  column: 'wechat_id',
  usernamePrefix: 'wechat',
  defaultDisplayName: 'WeChat User',
  enabled: (ctx) => ctx.options.bool('WeChatAuthEnabled'),
};

export async function wechatProfile(ctx: AppContext, code: string): Promise<ExternalProfile> {
  if (!code.trim()) throw fail('oauth.verification_code_missing');
  const address = ctx.options.str('WeChatServerAddress').trim().replace(/\/+$/, '');
  const answer = await providerJson(ctx, 'WeChat', `${address}/api/wechat/user?code=${encodeURIComponent(code.trim())}`, {
    headers: { authorization: ctx.options.str('WeChatServerToken') },
  });
  const success = (answer as { success?: unknown } | null)?.success === true;
  if (!success) throw fail('oauth.refused', { provider: 'WeChat', detail: textField(answer, 'message') || message('oauth.no_reason') });
  const openId = textField(answer, 'data');
  if (!openId) throw fail('user.verification_code_invalid');
  return { id: openId };
}
