import type { FastifyReply, FastifyRequest } from 'fastify';
import { UserStatus, type ApiEnvelope, type LoginUser, type SecondFactorChallenge } from '@tollgate/contract';
import type { AppContext } from '../../context.js';
import { fail } from '../../http/errors.js';
import { ok } from '../../http/envelope.js';
import { queryText } from '../../http/query.js';
import { clearSession, readSession, writeSession } from '../../http/session.js';
import { completeSignIn } from '../users/sign-in.js';
import { findUserById } from '../users/users.repository.js';
import { accountForSignIn, bindIdentity } from './external-account.js';
import type { ExternalProfile, IdentityProvider } from './external-identity.js';
import { checkOAuthState } from './oauth-state.js';

/** A provider reached by a browser redirect with `code` and `state` (GitHub, Lark, OIDC). */
export interface OAuthProvider extends IdentityProvider {
  /** Trades the callback's code for the person's profile; `origin` stands in for a blank ServerAddress. */
  profile(ctx: AppContext, code: string, origin: string): Promise<ExternalProfile>;
}

/** The message the console's callback page reads to go to the settings instead of the home page. */
export const BIND_MESSAGE = 'bind';

/**
 * GET /api/oauth/<provider>?code&state: with a signed-in session the identity is bound to that user;
 * without one it signs in the account holding it, or creates one. `aff` may carry an inviter's code.
 */
export async function oauthCallback(ctx: AppContext, provider: OAuthProvider, request: FastifyRequest, reply: FastifyReply): Promise<ApiEnvelope<LoginUser | SecondFactorChallenge | undefined>> {
  checkOAuthState(ctx, request);
  if (!provider.enabled(ctx)) throw fail('oauth.disabled', { provider: provider.label });
  const code = queryText(request.query, 'code');
  if (!code) throw fail('oauth.code_missing');
  const { oauth_state: _spent, ...session } = readSession(request, ctx.sessions);

  if (session.id !== undefined) {
    const me = await findUserById(ctx.db, session.id);
    if (!me || me.status !== UserStatus.Enabled) {
      clearSession(reply);
      throw fail('http.user_banned');
    }
    await bindIdentity(ctx, provider, me.id, await provider.profile(ctx, code, originOf(request)));
    writeSession(request, reply, ctx.sessions, session);
    return ok(undefined, BIND_MESSAGE);
  }

  const profile = await provider.profile(ctx, code, originOf(request));
  const user = await accountForSignIn(ctx, provider, profile, queryText(request.query, 'aff'));
  return completeSignIn(ctx, request, reply, user);
}

export const originOf = (request: FastifyRequest) => `${request.protocol}://${request.host}`;
