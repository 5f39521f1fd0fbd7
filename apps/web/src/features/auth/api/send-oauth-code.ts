import { isSecondFactorChallenge, type LoginUser, type SecondFactorChallenge } from '@tollgate/contract';
import { request, withQuery } from '@/lib/api/client';
import { i18n } from '@/app/i18n/i18n';
import { ApiFailure } from '@/lib/api/errors';
import type { OAuthProvider } from '@/lib/oauth/authorize-urls';

/** The server's message when a signed-in session bound the identity instead of signing in. */
export const BIND_MESSAGE = 'bind';

export type OAuthOutcome = { kind: 'bound' } | { kind: 'signedIn'; user: LoginUser } | { kind: 'secondFactor'; challenge: SecondFactorChallenge };

/**
 * GET /api/oauth/<provider>?code&state: the callback's code is traded for a sign-in (data is the user) or,
 * when the session is already signed in, a binding (message 'bind'); an account with two-factor sign-in
 * answers `{require_2fa: true}` and the code is asked next. The envelope's message is needed, so
 * this reads the whole envelope instead of just its data.
 */
export async function sendOAuthCode(provider: OAuthProvider, code: string, state: string): Promise<OAuthOutcome> {
  const envelope = await request<LoginUser | SecondFactorChallenge>('GET', withQuery(`/api/oauth/${provider}`, { code, state }));
  if (!envelope.success) throw new ApiFailure(envelope.message);
  if (envelope.message === BIND_MESSAGE) return { kind: 'bound' };
  if (!envelope.data) throw new ApiFailure(i18n.t('errors.signInWithoutUser'));
  // The account has two-factor sign-in: the login page asks for the code.
  if (isSecondFactorChallenge(envelope.data)) return { kind: 'secondFactor', challenge: envelope.data };
  return { kind: 'signedIn', user: envelope.data };
}
