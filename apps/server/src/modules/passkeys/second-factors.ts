import type { SecondFactorMethod } from '@tollgate/contract';
import type { AppContext } from '../../context.js';
import { isTwoFactorEnabled } from '../two-factor/two-factor.repository.js';
import { countPasskeys } from './passkeys.repository.js';

/** The second factors an account has: a TOTP authenticator that is on, passkeys. Empty: the password alone signs in. */
export async function secondFactorMethods(ctx: AppContext, userId: number): Promise<SecondFactorMethod[]> {
  const [totp, passkeys] = await Promise.all([isTwoFactorEnabled(ctx.db, userId), countPasskeys(ctx.db, userId)]);
  const methods: SecondFactorMethod[] = [];
  if (totp) methods.push('totp');
  if (passkeys > 0) methods.push('passkey');
  return methods;
}
