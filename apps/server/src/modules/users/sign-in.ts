import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ApiEnvelope, LoginUser, SecondFactorChallenge } from '@tollgate/contract';
import type { AppContext } from '../../context.js';
import type { UserRow } from '../../db/schema.js';
import { ok } from '../../http/envelope.js';
import { readSession, writeSession } from '../../http/session.js';
import { pendingFor } from '../two-factor/pending-sign-in.js';
import { secondFactorMethods } from '../passkeys/second-factors.js';
import { mustEnrol } from '../two-factor/two-factor.service.js';
import { toLoginUser } from './user-view.js';

/**
 * The end of every first sign-in step (password, GitHub, Lark, OIDC, WeChat). For an account with a second factor
 * (TOTP, passkeys), the answer is new-api's `{require_2fa: true}` (with Tollgate's `methods`) and the session only remembers who is waiting
 * (POST /api/user/login/2fa finishes); otherwise the sign-in completes at once.
 */
export async function completeSignIn(ctx: AppContext, request: FastifyRequest, reply: FastifyReply, row: UserRow): Promise<ApiEnvelope<LoginUser | SecondFactorChallenge>> {
  const methods = await secondFactorMethods(ctx, row.id);
  if (methods.length > 0) {
    const { oauth_state: _spent, id: _id, username: _name, role: _role, status: _status, ...previous } = readSession(request, ctx.sessions);
    writeSession(request, reply, ctx.sessions, { ...previous, pending_2fa: pendingFor(row.id) });
    return ok({ require_2fa: true, methods }, 'two-factor authentication required');
  }
  return finishSignIn(ctx, request, reply, row, false);
}

/**
 * The session cookie names the user and the answer's data is the user, which the console stores. A pending
 * OAuth state or second-factor wait is spent here, so a stolen callback URL cannot be replayed on this
 * browser; the Turnstile pass is kept. An administrator who must enrol and has not is told so
 * (`require_2fa_setup`), and the console leads to the enrolment.
 */
export function finishSignIn(ctx: AppContext, request: FastifyRequest, reply: FastifyReply, row: UserRow, enrolled: boolean): ApiEnvelope<LoginUser> {
  const { oauth_state: _spent, pending_2fa: _waited, ...previous } = readSession(request, ctx.sessions);
  writeSession(request, reply, ctx.sessions, { ...previous, id: row.id, username: row.username, role: row.role, status: row.status });
  const user = toLoginUser(row);
  return ok(!enrolled && mustEnrol(ctx, row.role) ? { ...user, require_2fa_setup: true } : user, 'login successful');
}
