import type { FastifyRequest } from 'fastify';
import type { AuthenticationCredential } from '@tollgate/contract';
import type { AppContext } from '../../context.js';
import { fail } from '../../http/errors.js';
import { nowSeconds } from '../../lib/random.js';
import type { ChallengePurpose } from './passkey-challenges.js';
import { findPasskeyByCredentialId, recordUse, type PasskeyRow } from './passkeys.repository.js';
import { relyingParty } from './relying-party.js';
import { verifyAssertion } from './webauthn-ceremonies.js';

/**
 * Accepts an assertion by one of the stored passkeys: the credential must be registered (to `owner` when one is
 * expected), answer a challenge made for `purpose` and `challengeUserId`, be signed by its key and carry a
 * counter that grew. Its use is recorded; answers the passkey's row.
 */
export async function usePasskey(
  ctx: AppContext,
  request: FastifyRequest,
  purpose: ChallengePurpose,
  challengeUserId: number,
  credential: AuthenticationCredential,
  owner?: number,
): Promise<PasskeyRow> {
  const row = await findPasskeyByCredentialId(ctx.db, credential.id);
  if (!row) throw fail('passkey.unknown');
  if (owner !== undefined && row.user_id !== owner) throw fail('passkey.not_yours');
  const assertion = await verifyAssertion(ctx, relyingParty(ctx, request), purpose, challengeUserId, row, credential);
  // Two answers of the same counter at once (a clone racing the original): only one moves the stored counter.
  if (!(await recordUse(ctx.db, row, assertion.counter, assertion.backedUp, nowSeconds()))) throw fail('passkey.counter_regressed');
  return row;
}
