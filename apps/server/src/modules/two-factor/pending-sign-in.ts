import type { SessionData } from '../../http/session.js';
import { fail } from '../../http/errors.js';
import { nowSeconds } from '../../lib/random.js';

/** How long the second step may follow the first: enough to open an app, short enough to be of no use later. */
export const PENDING_SIGN_IN_SECONDS = 300;

/** Second factors (codes, passkeys) one waiting account may send in a window, whatever addresses they come from. */
export const SECOND_STEP_ATTEMPTS_PER_ACCOUNT = 10;
export const SECOND_STEP_WINDOW_SECONDS = 600;

/**
 * The first step's result kept in the signed session cookie: the user it proved, until when. Nothing in it
 * signs anyone in (it has no `id`), and only this browser holds it.
 */
export function pendingFor(userId: number, now = nowSeconds()): SessionData['pending_2fa'] {
  return { id: userId, exp: now + PENDING_SIGN_IN_SECONDS };
}

/** The user waiting for the second factor, or a refusal when none is or it expired. */
export function pendingUserId(session: SessionData, now = nowSeconds()): number {
  const pending = session.pending_2fa;
  if (!pending || typeof pending.id !== 'number' || typeof pending.exp !== 'number' || pending.exp < now) throw fail('two_factor.no_pending_sign_in');
  return pending.id;
}

