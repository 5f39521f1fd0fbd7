import QRCode from 'qrcode';
import { Role, SecondFactorRequestSchema, TotpCodeRequestSchema, type RecoveryCodes, type TwoFactorSetup, type TwoFactorStatus } from '@tollgate/contract';
import type { AppContext } from '../../context.js';
import { fail } from '../../http/errors.js';
import { nowSeconds } from '../../lib/random.js';
import type { AuthenticatedUser } from '../auth/console-roles.js';
import { hashRecoveryCode, newRecoveryCodes, parseStoredHashes } from './recovery-codes.js';
import { newTotpSecret, totpUri } from './totp.js';
import * as repo from './two-factor.repository.js';
import { readSecret, sealTotpSecret } from './two-factor-secret.js';
import { parseStrict } from './parse-strict.js';
import { countPasskeys } from '../passkeys/passkeys.repository.js';
import { verifySecondFactor, verifyTotp } from './verify-second-factor.js';

/** TwoFactorRequiredForAdmins is on and the account is an administrator or root. */
export const mustEnrol = (ctx: AppContext, role: number): boolean => role >= Role.Admin && ctx.options.bool('TwoFactorRequiredForAdmins');

export async function status(ctx: AppContext, me: AuthenticatedUser): Promise<TwoFactorStatus> {
  const row = await repo.findTwoFactor(ctx.db, me.id);
  const enabled = Number(row?.enabled ?? 0) === 1;
  return {
    enabled,
    enabled_at: enabled ? Number(row?.enabled_at ?? 0) : 0,
    recovery_codes_left: enabled && row ? parseStoredHashes(row.recovery_codes).length : 0,
    // A passkey satisfies TwoFactorRequiredForAdmins too: then nothing more is required.
    required: mustEnrol(ctx, me.role) && (await countPasskeys(ctx.db, me.id)) === 0,
  };
}

/** Begins (or begins again) an enrolment: a new secret, shown with its URI and QR code until a code confirms it. */
export async function setup(ctx: AppContext, me: AuthenticatedUser): Promise<TwoFactorSetup> {
  if (await repo.isTwoFactorEnabled(ctx.db, me.id)) throw fail('two_factor.already_enabled');
  const secret = newTotpSecret();
  await repo.saveBegunEnrolment(ctx.db, me.id, sealTotpSecret(ctx, secret), nowSeconds());
  const uri = totpUri(secret, ctx.options.str('SystemName') || 'Tollgate', me.username);
  const svg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return { secret, uri, qr_code: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
}

/** Confirms the enrolment with a code of the new secret; answers the recovery codes, this once. */
export async function enable(ctx: AppContext, me: AuthenticatedUser, body: unknown): Promise<RecoveryCodes> {
  const { code } = parseStrict(TotpCodeRequestSchema, body);
  const row = await repo.findTwoFactor(ctx.db, me.id);
  if (!row) throw fail('two_factor.not_started');
  if (Number(row.enabled) === 1) throw fail('two_factor.already_enabled');
  await verifyTotp(ctx, row, code);
  const codes = newRecoveryCodes();
  if (!(await repo.markEnabled(ctx.db, me.id, codes.map(hashRecoveryCode), nowSeconds()))) throw fail('two_factor.already_enabled');
  return { recovery_codes: codes };
}

/** Turns it off with a current code or a recovery code (a stolen session alone cannot). */
export async function disable(ctx: AppContext, me: AuthenticatedUser, body: unknown): Promise<void> {
  const factor = parseStrict(SecondFactorRequestSchema, body);
  const row = await enabledRow(ctx, me.id);
  await verifySecondFactor(ctx, row, factor);
  await repo.deleteTwoFactor(ctx.db, me.id);
}

/** Ten new recovery codes for a current code; the old ones stop working. */
export async function regenerateRecoveryCodes(ctx: AppContext, me: AuthenticatedUser, body: unknown): Promise<RecoveryCodes> {
  const { code } = parseStrict(TotpCodeRequestSchema, body);
  const row = await enabledRow(ctx, me.id);
  await verifyTotp(ctx, row, code);
  const codes = newRecoveryCodes();
  await repo.swapRecoveryCodes(ctx.db, me.id, row.recovery_codes, codes.map(hashRecoveryCode));
  return { recovery_codes: codes };
}

export async function enabledRow(ctx: AppContext, userId: number): Promise<repo.TwoFactorRow> {
  const row = await repo.findTwoFactor(ctx.db, userId);
  if (!row || Number(row.enabled) !== 1) throw fail('two_factor.not_enabled');
  // Fail early and clearly when the secret cannot be read, rather than as a wrong code.
  readSecret(ctx, row);
  return row;
}
