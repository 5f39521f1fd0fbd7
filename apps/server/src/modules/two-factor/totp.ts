import { Secret, TOTP } from 'otpauth';

/** RFC 6238 as every authenticator app reads it: SHA-1, 6 digits, 30-second steps. */
const PERIOD_SECONDS = 30;
/** One step either side: a phone's clock a little off, or a code typed as it turned over. */
const WINDOW_STEPS = 1;

export const newTotpSecret = (): string => new Secret({ size: 20 }).base32;

function totpOf(secret: string, issuer = '', label = ''): TOTP {
  return new TOTP({ issuer, label, algorithm: 'SHA1', digits: 6, period: PERIOD_SECONDS, secret: Secret.fromBase32(secret) });
}

/** The `otpauth://totp/...` URI an authenticator app scans. */
export const totpUri = (secret: string, issuer: string, label: string): string => totpOf(secret, issuer, label).toString();

/** The step the code belongs to, when it is valid now (±1 step), else undefined; the caller refuses a used step. */
export function matchingStep(secret: string, code: string, nowMs = Date.now()): number | undefined {
  const delta = totpOf(secret).validate({ token: code, timestamp: nowMs, window: WINDOW_STEPS });
  if (delta === null) return undefined;
  return Math.floor(nowMs / 1000 / PERIOD_SECONDS) + delta;
}

/** The code for a moment (tests compute what an app would show). */
export const totpCodeAt = (secret: string, nowMs = Date.now()): string => totpOf(secret).generate({ timestamp: nowMs });
