import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context.js';
import { requireUser } from '../auth/console-roles.js';
import { ok } from '../../http/envelope.js';
import { criticalRateLimit } from '../../http/rate-limit-hook.js';
import { githubProvider } from './github.provider.js';
import { larkProvider } from './lark.provider.js';
import { oauthCallback } from './oauth-callback.js';
import { oidcProvider } from './oidc.provider.js';
import { issueOAuthState } from './oauth-state.js';
import { wechatBind, wechatSignIn } from './wechat-sign-in.js';

/**
 * /api/oauth: third-party sign-in and binding. Every route signs someone in or binds an identity, so all
 * carry the critical rate limit; only the WeChat binding needs a signed-in caller up front (the redirect
 * callbacks bind when they find one).
 */
export const oauthRoutes = (ctx: AppContext): FastifyPluginAsync => async (app) => {
  const critical = criticalRateLimit(ctx);
  const user = requireUser(ctx);

  app.get('/state', { preHandler: critical }, async (request, reply) => ok(issueOAuthState(ctx, request, reply)));
  app.get('/github', { preHandler: critical }, (request, reply) => oauthCallback(ctx, githubProvider, request, reply));
  app.get('/lark', { preHandler: critical }, (request, reply) => oauthCallback(ctx, larkProvider, request, reply));
  app.get('/oidc', { preHandler: critical }, (request, reply) => oauthCallback(ctx, oidcProvider, request, reply));
  app.get('/wechat', { preHandler: critical }, (request, reply) => wechatSignIn(ctx, request, reply));
  app.get('/wechat/bind', { preHandler: [user, critical] }, (request) => wechatBind(ctx, request));
};
