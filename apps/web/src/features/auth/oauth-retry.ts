import { OAUTH_RETRY_STEP_MS } from '@tollgate/contract';

/** Where a failed callback goes: to the settings page, or another try after a wait. */
export type AfterFailure = { kind: 'leave'; to: string } | { kind: 'retry'; attempt: number; waitMs: number };

/** A failed binding started from the settings page; a failed sign-in has no session, so the login guard sends it on to /login. */
export const FAILED_CALLBACK_TARGET = '/setting';

/**
 * The spec's rule (section 4, OAuth callback): the first failure redirects to /setting; later retries wait
 * 2 seconds times the attempt number. `failures` counts the failed calls so far, this one included, so the
 * retry that follows is retry number `failures`. Leaving at the first failure is what makes sense for a
 * refusal anyway: the provider's code is single-use, so sending it again could not succeed.
 */
export function afterFailure(failures: number): AfterFailure {
  if (failures <= 1) return { kind: 'leave', to: FAILED_CALLBACK_TARGET };
  return { kind: 'retry', attempt: failures, waitMs: failures * OAUTH_RETRY_STEP_MS };
}
