import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context.js';
import { requireUser } from '../auth/console-roles.js';
import { ok } from '../../http/envelope.js';
import { describeRoutes } from '../../http/openapi/route-description.js';
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
const doc = describeRoutes({ tag: 'Sign-in providers', auth: 'public' });

export const oauthRoutes = (ctx: AppContext): FastifyPluginAsync => async (app) => {
  const critical = criticalRateLimit(ctx);
  const user = requireUser(ctx);

  app.get('/state', { preHandler: critical, ...doc('A state for an OAuth redirect', { description: 'Bound to this browser by a cookie; the provider\'s callback must bring it back.' }) }, async (request, reply) => ok(issueOAuthState(ctx, request, reply)));
  app.get('/github', { preHandler: critical, ...doc('GitHub\'s OAuth callback: sign in, or bind when signed in') }, (request, reply) => oauthCallback(ctx, githubProvider, request, reply));
  app.get('/lark', { preHandler: critical, ...doc('Lark\'s OAuth callback: sign in, or bind when signed in') }, (request, reply) => oauthCallback(ctx, larkProvider, request, reply));
  app.get('/oidc', { preHandler: critical, ...doc('The OIDC provider\'s callback: sign in, or bind when signed in') }, (request, reply) => oauthCallback(ctx, oidcProvider, request, reply));
  app.get('/wechat', { preHandler: critical, ...doc('Sign in with a WeChat verification `?code=`') }, (request, reply) => wechatSignIn(ctx, request, reply));
  app.get('/wechat/bind', { preHandler: [user, critical], ...doc('Bind WeChat to your account with a `?code=`', { auth: 'user' }) }, (request) => wechatBind(ctx, request));
};
