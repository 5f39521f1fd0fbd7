import { z } from 'zod';
import type { MessageCode } from './messages/catalog.js';

/** A TOTP code: 6 digits, RFC 6238 with a 30-second step. */
export const TOTP_CODE_PATTERN = /^\d{6}$/;
/** A recovery code as shown once: two groups of 5 lowercase letters and digits (dash and case optional on input). */
export const RECOVERY_CODE_PATTERN = /^[a-z0-9]{5}-?[a-z0-9]{5}$/i;
export const RECOVERY_CODE_COUNT = 10;

const totpCode = z.string().trim().regex(TOTP_CODE_PATTERN, 'two_factor.code_format' satisfies MessageCode);
const recoveryCode = z.string().trim().regex(RECOVERY_CODE_PATTERN, 'two_factor.recovery_code_format' satisfies MessageCode);

/** POST /api/user/2fa/enable and /2fa/backup_codes: a current code of the authenticator. */
export const TotpCodeRequestSchema = z.object({ code: totpCode });
export type TotpCodeRequest = z.infer<typeof TotpCodeRequestSchema>;

/**
 * POST /api/user/login/2fa and /2fa/disable: a current code, or one of the recovery codes. new-api takes a
 * recovery code in `code` too, so a 10-character value there is read as one.
 */
export const SecondFactorRequestSchema = z
  .object({ code: z.string().optional(), recovery_code: recoveryCode.optional() })
  .transform((body, ctx) => {
    const code = body.code?.trim();
    if (body.recovery_code !== undefined) return { recovery_code: body.recovery_code };
    if (code === undefined || code === '') {
      ctx.addIssue({ code: 'custom', path: ['code'], message: 'two_factor.code_needed' satisfies MessageCode });
      return z.NEVER;
    }
    if (TOTP_CODE_PATTERN.test(code)) return { code };
    if (RECOVERY_CODE_PATTERN.test(code)) return { recovery_code: code };
    ctx.addIssue({ code: 'custom', path: ['code'], message: 'two_factor.code_format' satisfies MessageCode });
    return z.NEVER;
  });
export type SecondFactorRequest = z.input<typeof SecondFactorRequestSchema>;

/** GET /api/user/2fa/status */
export interface TwoFactorStatus {
  enabled: boolean;
  /** Epoch seconds; 0 when off. */
  enabled_at: number;
  recovery_codes_left: number;
  /** TwoFactorRequiredForAdmins is on and this account is an administrator without a passkey: it must enrol. */
  required: boolean;
}

/** POST /api/user/2fa/setup: what an authenticator app needs; the QR code is an SVG data URL drawn by the server. */
export interface TwoFactorSetup {
  secret: string;
  uri: string;
  qr_code: string;
}

/** POST /api/user/2fa/enable and /2fa/backup_codes: shown once, never again. */
export interface RecoveryCodes {
  recovery_codes: string[];
}

/** The password step's answer for an account with a second factor (new-api's shape): no session yet. */
export interface SecondFactorChallenge {
  require_2fa: true;
  /** Tollgate's addition: which second factors the account has ('totp', 'passkey'); new-api's clients ignore it. */
  methods?: ('totp' | 'passkey')[];
}

export const isSecondFactorChallenge = (data: unknown): data is SecondFactorChallenge =>
  typeof data === 'object' && data !== null && (data as { require_2fa?: unknown }).require_2fa === true;
