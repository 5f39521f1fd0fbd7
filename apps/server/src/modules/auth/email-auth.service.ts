import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { fail } from '../../http/errors.js';
import { randomHex } from '../../lib/random.js';
import { passwordResetMail, verificationMail } from '../mail/mail-templates.js';
import { sendMail } from '../mail/mailer.js';
import { hashPassword } from '../users/password.js';
import { findLiveUserByEmail, updateUser } from '../users/users.repository.js';
import { consumeCode, storeCode } from './verification-codes.js';

/** Codes and reset links are valid 10 minutes, as in one-api. */
const VALID_MINUTES = 10;
const EmailSchema = z.email();

function validEmail(email: string): string {
  const trimmed = email.trim();
  if (!EmailSchema.safeParse(trimmed).success) throw fail('auth.email_invalid');
  return trimmed;
}

function checkDomainAllowed(ctx: AppContext, email: string): void {
  if (!ctx.options.bool('EmailDomainRestrictionEnabled')) return;
  const domain = email.slice(email.lastIndexOf('@') + 1).toLowerCase();
  const allowed = ctx.options.str('EmailDomainWhitelist').split(',').map((d) => d.trim().toLowerCase()).filter(Boolean);
  if (!allowed.includes(domain)) throw fail('auth.email_domain_not_allowed', { domains: allowed.join(', ') });
}

/** GET /api/verification: a 6-character code for registration or email binding, mailed to the address. */
export async function sendVerificationCode(ctx: AppContext, rawEmail: string): Promise<void> {
  const email = validEmail(rawEmail);
  checkDomainAllowed(ctx, email);
  if (await findLiveUserByEmail(ctx.db, email)) throw fail('auth.email_taken');
  const code = randomHex(3);
  await storeCode(ctx.db, 'email_verification', email, code, VALID_MINUTES * 60);
  await sendMail(ctx, verificationMail(ctx.options.str('SystemName'), email, code, VALID_MINUTES));
}

/** GET /api/reset_password: mails a single-use link to the confirmation page of the console. */
export async function sendPasswordReset(ctx: AppContext, rawEmail: string, requestOrigin: string): Promise<void> {
  const email = validEmail(rawEmail);
  if (!(await findLiveUserByEmail(ctx.db, email))) throw fail('auth.email_unknown');
  const token = randomHex(16);
  await storeCode(ctx.db, 'password_reset', email, token, VALID_MINUTES * 60);
  const base = (ctx.options.str('ServerAddress').trim() || requestOrigin).replace(/\/+$/, '');
  const link = `${base}/user/reset?email=${encodeURIComponent(email)}&token=${token}`;
  await sendMail(ctx, passwordResetMail(ctx.options.str('SystemName'), email, link, VALID_MINUTES));
}

export const ResetSchema = z.object({ email: z.string(), token: z.string() });

/** POST /api/user/reset: the link's token buys one new random password, returned once. */
export async function resetPassword(ctx: AppContext, body: unknown): Promise<string> {
  const parsed = ResetSchema.safeParse(body ?? {});
  if (!parsed.success || !parsed.data.email || !parsed.data.token) throw fail('validation.invalid_parameters');
  const { email, token } = parsed.data;
  if (!(await consumeCode(ctx.db, 'password_reset', email, token))) throw fail('auth.reset_link_invalid');
  const user = await findLiveUserByEmail(ctx.db, email);
  if (!user) throw fail('auth.email_unknown');
  const password = randomHex(6);
  await updateUser(ctx.db, user.id, { password: await hashPassword(password) });
  return password;
}

/** GET /api/oauth/email/bind: a valid code binds the address to the caller, unless someone else holds it. */
export async function bindEmail(ctx: AppContext, userId: number, rawEmail: string, code: string): Promise<void> {
  const email = validEmail(rawEmail);
  if (!(await consumeCode(ctx.db, 'email_verification', email, code))) throw fail('user.verification_code_invalid');
  const holder = await findLiveUserByEmail(ctx.db, email);
  if (holder && holder.id !== userId) throw fail('auth.email_taken');
  await updateUser(ctx.db, userId, { email });
}
