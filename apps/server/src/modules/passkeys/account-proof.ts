import type { FastifyRequest } from 'fastify';
import { PasskeyProofSchema } from '@tollgate/contract';
import type { AppContext } from '../../context.js';
import { ApiError, fail } from '../../http/errors.js';
import type { AuthenticatedUser } from '../auth/console-roles.js';
import { parseStrict } from '../two-factor/parse-strict.js';
import { enabledRow } from '../two-factor/two-factor.service.js';
import { verifySecondFactor } from '../two-factor/verify-second-factor.js';
import { verifyPassword } from '../users/password.js';
import { findUserById } from '../users/users.repository.js';
import { secondFactorMethods } from './second-factors.js';
import { usePasskey } from './use-passkey.js';

/**
 * Adding or removing a passkey needs a fresh proof besides the session, so a stolen session alone can neither
 * plant a passkey (a way back in) nor remove the last factor. The rule: an account with a second factor proves
 * it with one of them (a current TOTP code, a recovery code, or an assertion of one of its passkeys); the
 * password is taken only while the account has none, since a password is what a second factor is there to back.
 */
export async function checkAccountProof(ctx: AppContext, request: FastifyRequest, me: AuthenticatedUser, body: unknown): Promise<void> {
  const proof = parseStrict(PasskeyProofSchema, body ?? {});
  const methods = await secondFactorMethods(ctx, me.id);
  if (proof.passkey) {
    if (!methods.includes('passkey')) throw fail('passkey.none');
    await usePasskey(ctx, request, 'proof', me.id, proof.passkey, me.id);
    return;
  }
  if (proof.code !== undefined || proof.recovery_code !== undefined) {
    const factor = proof.recovery_code !== undefined ? { recovery_code: proof.recovery_code } : { code: proof.code ?? '' };
    await verifySecondFactor(ctx, await enabledRow(ctx, me.id), factor);
    return;
  }
  if (proof.password !== undefined) {
    if (methods.length > 0) throw fail('passkey.proof_needs_factor');
    const row = await findUserById(ctx.db, me.id);
    if (!row || !(await verifyPassword(proof.password, row.password))) throw fail('passkey.proof_wrong');
    return;
  }
  throw new ApiError('passkey.proof_needed', { field: methods.length > 0 ? 'code' : 'password' }, 400);
}
