import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ApiEnvelope, LoginUser, SecondFactorChallenge } from '@tollgate/contract';
import type { AppContext } from '../../context.js';
import { currentUser } from '../auth/console-roles.js';
import { ok } from '../../http/envelope.js';
import { fail } from '../../http/errors.js';
import { queryText } from '../../http/query.js';
import { completeSignIn } from '../users/sign-in.js';
import { accountForSignIn, bindIdentity } from './external-account.js';
import { wechatProfile, wechatProvider } from './wechat.provider.js';

function requireWeChatEnabled(ctx: AppContext): void {
  if (!wechatProvider.enabled(ctx)) throw fail('oauth.disabled', { provider: wechatProvider.label });
}

/**
 * GET /api/oauth/wechat?code: signs in (or signs up) the person the code was given to. There is no
 * redirect and so no state: the code the person typed, valid briefly and once, is the proof.
 */
export async function wechatSignIn(ctx: AppContext, request: FastifyRequest, reply: FastifyReply): Promise<ApiEnvelope<LoginUser | SecondFactorChallenge>> {
  requireWeChatEnabled(ctx);
  const profile = await wechatProfile(ctx, queryText(request.query, 'code'));
  return completeSignIn(ctx, request, reply, await accountForSignIn(ctx, wechatProvider, profile, queryText(request.query, 'aff')));
}

/** GET /api/oauth/wechat/bind?code: binds the openid to the signed-in caller. */
export async function wechatBind(ctx: AppContext, request: FastifyRequest): Promise<ApiEnvelope<undefined>> {
  requireWeChatEnabled(ctx);
  await bindIdentity(ctx, wechatProvider, currentUser(request).id, await wechatProfile(ctx, queryText(request.query, 'code')));
  return ok(undefined);
}
