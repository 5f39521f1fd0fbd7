import type { AppContext } from '../../context.js';
import { fail } from '../../http/errors.js';
import { openSecret, sealSecret } from './secret-box.js';
import type { TwoFactorRow } from './two-factor.repository.js';

const keyOf = (ctx: AppContext) => ctx.sessions.deriveKey('two-factor-secret');

export const sealTotpSecret = (ctx: AppContext, secret: string): string => sealSecret(keyOf(ctx), secret);

/** The row's TOTP secret in clear, for checking a code; never answered by any route after enrolment begins. */
export function readSecret(ctx: AppContext, row: TwoFactorRow): string {
  const secret = openSecret(keyOf(ctx), row.secret);
  if (!secret) throw fail('two_factor.secret_unreadable');
  return secret;
}
