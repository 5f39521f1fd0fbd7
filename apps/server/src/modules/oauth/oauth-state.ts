import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { ApiError } from '../../http/errors.js';
import { queryText } from '../../http/query.js';
import { readSession, writeSession } from '../../http/session.js';
import { randomAlphanumeric } from '../../lib/random.js';

/** one-api's length; the console passes the string through untouched. */
const STATE_LENGTH = 12;

/**
 * GET /api/oauth/state: a fresh random state kept in the signed session cookie. The cookie is signed with
 * SESSION_SECRET, so whichever node receives the callback can check it.
 */
export function issueOAuthState(ctx: AppContext, request: FastifyRequest, reply: FastifyReply): string {
  const state = randomAlphanumeric(STATE_LENGTH);
  writeSession(request, reply, ctx.sessions, { ...readSession(request, ctx.sessions), oauth_state: state });
  return state;
}

/**
 * The callback's `state` must be the one this browser was given, or a third party could make the victim's
 * browser sign in to (or bind) the attacker's account. Answered with 403 as one-api does.
 */
export function checkOAuthState(ctx: AppContext, request: FastifyRequest): void {
  const given = queryText(request.query, 'state');
  const expected = readSession(request, ctx.sessions).oauth_state;
  if (!given || !expected || given !== expected) {
    throw new ApiError('oauth.state_mismatch', {}, 403);
  }
}
