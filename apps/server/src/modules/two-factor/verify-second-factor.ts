import type { AppContext } from '../../context.js';
import { fail } from '../../http/errors.js';
import { hashRecoveryCode, parseStoredHashes } from './recovery-codes.js';
import { matchingStep } from './totp.js';
import { claimStep, swapRecoveryCodes, type TwoFactorRow } from './two-factor.repository.js';
import { readSecret } from './two-factor-secret.js';

export type SecondFactor = { code: string } | { recovery_code: string };

/** Accepts a TOTP code once (its step is claimed) or spends one recovery code; refuses anything else. */
export async function verifySecondFactor(ctx: AppContext, row: TwoFactorRow, factor: SecondFactor): Promise<void> {
  if ('code' in factor) {
    await verifyTotp(ctx, row, factor.code);
    return;
  }
  const hashes = parseStoredHashes(row.recovery_codes);
  const given = hashRecoveryCode(factor.recovery_code);
  if (!hashes.includes(given)) throw fail('two_factor.recovery_code_wrong');
  const left = hashes.filter((hash) => hash !== given);
  if (!(await swapRecoveryCodes(ctx.db, row.user_id, row.recovery_codes, left))) throw fail('two_factor.recovery_code_wrong');
}

/** A code valid now (±1 step) whose step is later than the last one accepted: a replayed code is refused. */
export async function verifyTotp(ctx: AppContext, row: TwoFactorRow, code: string): Promise<void> {
  const step = matchingStep(readSecret(ctx, row), code);
  if (step === undefined || step <= Number(row.last_step)) throw fail('two_factor.code_wrong');
  if (!(await claimStep(ctx.db, row.user_id, step))) throw fail('two_factor.code_wrong');
}
