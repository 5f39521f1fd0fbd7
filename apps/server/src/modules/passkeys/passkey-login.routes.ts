import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { PasskeyAssertionRequestSchema, UserStatus } from '@tollgate/contract';
import type { AppContext } from '../../context.js';
import type { UserRow } from '../../db/schema.js';
import { ok } from '../../http/envelope.js';
import { fail, tooManyRequests } from '../../http/errors.js';
import { describeRoutes } from '../../http/openapi/route-description.js';
import { criticalRateLimit } from '../../http/rate-limit-hook.js';
import { readSession, writeSession } from '../../http/session.js';
import { parseStrict } from '../two-factor/parse-strict.js';
import { pendingUserId, SECOND_STEP_ATTEMPTS_PER_ACCOUNT, SECOND_STEP_WINDOW_SECONDS } from '../two-factor/pending-sign-in.js';
import { finishSignIn } from '../users/sign-in.js';
import { findUserById } from '../users/users.repository.js';
import { listPasskeys } from './passkeys.repository.js';
import { relyingParty } from './relying-party.js';
import { usePasskey } from './use-passkey.js';
import { authenticationOptions } from './webauthn-ceremonies.js';

const doc = describeRoutes({ tag: 'Account', auth: 'public' });

/** The account a passkey signs into, when it may sign in; a disabled or deleted one is refused as the password step refuses it. */
async function signInAccount(ctx: AppContext, userId: number): Promise<UserRow> {
  const row = await findUserById(ctx.db, userId);
  if (!row || row.status !== UserStatus.Enabled) throw fail('user.login_failed');
  return row;
}

/** Forgets the waiting sign-in (its account cannot finish it). */
function dropPending(ctx: AppContext, request: FastifyRequest, reply: FastifyReply) {
  const { pending_2fa: _dropped, ...rest } = readSession(request, ctx.sessions);
  writeSession(request, reply, ctx.sessions, rest);
}

/**
 * Signing in with a passkey: passwordless (/api/user/login/passkey, any registered passkey, user verification
 * required since it stands for the password too) and as the second step of a waiting sign-in
 * (/api/user/login/2fa/passkey, only that account's passkeys). Both answer as /api/user/login does and count
 * against the sign-in limit of the address; the second step also per account, as the TOTP step does.
 */
export const passkeyLoginRoutes = (ctx: AppContext): FastifyPluginAsync => async (app) => {
  const critical = criticalRateLimit(ctx);

  app.post('/login/passkey/options', { preHandler: critical, ...doc('Sign in with a passkey: the challenge', { description: 'WebAuthn request options with no credentials listed: the browser offers the passkeys it holds for this site.' }) }, async (request) =>
    ok(await authenticationOptions(ctx, relyingParty(ctx, request), 'login', 0, [], 'required')),
  );

  app.post('/login/passkey', { preHandler: critical, ...doc('Sign in with a passkey', { body: PasskeyAssertionRequestSchema, description: 'Sets the session cookie and answers as POST /api/user/login does.' }) }, async (request, reply) => {
    const { credential } = parseStrict(PasskeyAssertionRequestSchema, request.body);
    const passkey = await usePasskey(ctx, request, 'login', 0, credential);
    return finishSignIn(ctx, request, reply, await signInAccount(ctx, passkey.user_id), true);
  });

  app.post('/login/2fa/passkey/options', { preHandler: critical, ...doc('Sign in, second step with a passkey: the challenge', { description: "After POST /api/user/login answered `require_2fa` with `passkey` among its methods: request options listing the waiting account's passkeys." }) }, async (request) => {
    const userId = pendingUserId(readSession(request, ctx.sessions));
    const rows = await listPasskeys(ctx.db, userId);
    if (rows.length === 0) throw fail('passkey.none');
    return ok(await authenticationOptions(ctx, relyingParty(ctx, request), 'second', userId, rows));
  });

  app.post('/login/2fa/passkey', { preHandler: critical, ...doc('Sign in, second step with a passkey', { body: PasskeyAssertionRequestSchema, description: 'Limited per address and per waiting account, as the code step is.' }) }, async (request, reply) => {
    const { credential } = parseStrict(PasskeyAssertionRequestSchema, request.body);
    const userId = pendingUserId(readSession(request, ctx.sessions));
    if (!ctx.config.DEBUG && !(await ctx.rateLimits.hit(`2FA${userId}`, SECOND_STEP_ATTEMPTS_PER_ACCOUNT, SECOND_STEP_WINDOW_SECONDS))) throw tooManyRequests();
    let row: UserRow;
    try {
      row = await signInAccount(ctx, userId);
    } catch (error) {
      dropPending(ctx, request, reply);
      throw error;
    }
    await usePasskey(ctx, request, 'second', userId, credential, userId);
    return finishSignIn(ctx, request, reply, row, true);
  });
};
