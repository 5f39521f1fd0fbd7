import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ApiEnvelope, LoginUser } from '@tollgate/contract';
import type { AppContext } from '../../context.js';
import type { UserRow } from '../../db/schema.js';
import { ok } from '../../http/envelope.js';
import { readSession, writeSession } from '../../http/session.js';
import { toLoginUser } from './user-view.js';

/**
 * The end of every sign-in (password, GitHub, Lark, OIDC, WeChat): the session cookie names the user and
 * the answer's data is the user, which the console stores. A pending OAuth state is spent here, so a
 * stolen callback URL cannot be replayed on this browser; the Turnstile pass is kept.
 */
export function completeSignIn(ctx: AppContext, request: FastifyRequest, reply: FastifyReply, row: UserRow): ApiEnvelope<LoginUser> {
  const { oauth_state: _spent, ...previous } = readSession(request, ctx.sessions);
  writeSession(request, reply, ctx.sessions, { ...previous, id: row.id, username: row.username, role: row.role, status: row.status });
  return ok(toLoginUser(row), 'login successful');
}
