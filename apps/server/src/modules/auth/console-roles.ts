import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { Role, UserStatus } from '@tollgate/contract';
import type { AppContext } from '../../context.js';
import { findUserByAccessToken, findUserById } from '../users/users.repository.js';
import { fail, notLoggedIn, permissionDenied } from '../../http/errors.js';
import { clearSession, readSession } from '../../http/session.js';
import { enrolmentRefusal } from '../two-factor/enrolment-guard.js';

export interface AuthenticatedUser {
  id: number;
  username: string;
  role: number;
}

declare module 'fastify' {
  interface FastifyRequest {
    user?: AuthenticatedUser;
  }
}

/**
 * Guards a route by role (user >= 1, admin >= 10, root = 100). The caller is the session's user, or the
 * owner of the system access token in `Authorization` (raw or `Bearer`). The user row is read on every
 * request, so disabling, deleting or demoting someone takes effect on their very next call, on every node.
 */
export function requireRole(ctx: AppContext, minRole: number): preHandlerAsyncHookHandler {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const session = readSession(request, ctx.sessions);
    let user;
    if (session.id !== undefined) {
      user = await findUserById(ctx.db, session.id);
    } else {
      const token = accessTokenFrom(request.headers.authorization);
      if (!token) throw notLoggedIn();
      user = await findUserByAccessToken(ctx.db, token);
      if (!user) throw fail('http.invalid_access_token');
    }
    if (!user || user.status !== UserStatus.Enabled) {
      clearSession(reply);
      throw fail('http.user_banned');
    }
    if (user.role < minRole) throw permissionDenied();
    await enrolmentRefusal(ctx, request, user);
    request.user = { id: user.id, username: user.username, role: user.role };
  };
}

function accessTokenFrom(header: string | undefined): string | undefined {
  const token = header?.replace(/^Bearer\s+/i, '').trim();
  return token ? token : undefined;
}

export const requireUser = (ctx: AppContext) => requireRole(ctx, Role.Common);
export const requireAdmin = (ctx: AppContext) => requireRole(ctx, Role.Admin);
export const requireRoot = (ctx: AppContext) => requireRole(ctx, Role.Root);

/** The caller set by a role guard; routes behind a guard can rely on it. */
export function currentUser(request: FastifyRequest): AuthenticatedUser {
  if (!request.user) throw notLoggedIn();
  return request.user;
}
