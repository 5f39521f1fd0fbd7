import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { fail } from '../../http/errors.js';
import { secondFactorMethods } from '../passkeys/second-factors.js';
import { mustEnrol } from './two-factor.service.js';

/** What an administrator who must enrol may still call: their own account, the enrolment itself, sign-out. */
const ENROLMENT_ROUTES = /^\/api\/user\/(self|logout|2fa\/.*|passkeys(\/.*)?)$/;

/**
 * With TwoFactorRequiredForAdmins on, an administrator (or root) without a second factor (TOTP or a passkey) is refused everything else
 * until enrolled, by session or access token alike. Costs nothing while the option is off or for users.
 */
export async function enrolmentRefusal(ctx: AppContext, request: FastifyRequest, user: { id: number; role: number }): Promise<void> {
  if (!mustEnrol(ctx, user.role)) return;
  if (ENROLMENT_ROUTES.test(request.routeOptions.url ?? '')) return;
  if ((await secondFactorMethods(ctx, user.id)).length > 0) return;
  throw fail('two_factor.setup_required');
}
