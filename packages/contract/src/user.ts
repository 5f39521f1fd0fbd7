import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, USERNAME_MAX_LENGTH, DISPLAY_NAME_MAX_LENGTH, EMAIL_MAX_LENGTH } from './constants.js';
import type { MessageCode } from './messages/catalog.js';
import type { RateLimits } from './rate-limit.js';
import type { Budget } from './budget.js';

/** Codes of the message catalog (messages/); the server answers them in the request's language. */
export const UserMessages = {
  passwordTooShort: 'user.password_too_short',
  passwordTooLong: 'user.password_too_long',
  usernameRequired: 'user.username_required',
  usernameTooLong: 'user.username_too_long',
  passwordsDiffer: 'user.passwords_differ',
} as const satisfies Record<string, MessageCode>;

/** A username and a password as registration and the admin's user form take them. */
export const UsernameSchema = z.string({ error: UserMessages.usernameRequired }).trim().min(1, UserMessages.usernameRequired).max(USERNAME_MAX_LENGTH, UserMessages.usernameTooLong);
export const PasswordSchema = z
  .string({ error: UserMessages.usernameRequired })
  .min(1, UserMessages.usernameRequired)
  .min(PASSWORD_MIN_LENGTH, UserMessages.passwordTooShort)
  .max(PASSWORD_MAX_LENGTH, UserMessages.passwordTooLong);

export const RegisterRequestSchema = z.object({
  username: UsernameSchema,
  password: PasswordSchema,
  password2: z.string().optional(),
  display_name: z.string().max(DISPLAY_NAME_MAX_LENGTH).optional(),
  email: z.string().max(EMAIL_MAX_LENGTH).optional().default(''),
  verification_code: z.string().optional().default(''),
  aff_code: z.string().optional().default(''),
});
export type RegisterRequest = z.input<typeof RegisterRequestSchema>;

export const LoginRequestSchema = z.object({
  username: z.string().trim().min(1, 'user.login_empty' satisfies MessageCode),
  password: z.string().min(1, 'user.login_empty' satisfies MessageCode),
});
export type LoginRequest = z.infer<typeof LoginRequestSchema>;

/**
 * PUT /api/user/self: only these fields are taken; anything privileged the console sends back is ignored.
 * The username's length is checked only when it changes: accounts made by GitHub or WeChat sign-in
 * (`github_1234567`) may be longer than a chosen name can be, and the console sends the name back as is.
 */
export const UpdateSelfRequestSchema = z.object({
  username: z.string().trim().optional(),
  display_name: z.string().max(DISPLAY_NAME_MAX_LENGTH).optional(),
  password: z.string().optional(),
});
export type UpdateSelfRequest = z.infer<typeof UpdateSelfRequestSchema>;

/** The user as the console sees it (no password, no access token). */
export interface UserView extends RateLimits, Budget {
  id: number;
  username: string;
  display_name: string;
  role: number;
  status: number;
  email: string;
  github_id: string;
  wechat_id: string;
  lark_id: string;
  oidc_id: string;
  quota: number;
  used_quota: number;
  request_count: number;
  group: string;
  aff_code: string;
  inviter_id: number;
}

/** POST /api/user/login data: what the console stores as localStorage.user. */
export interface LoginUser {
  id: number;
  username: string;
  display_name: string;
  role: number;
  status: number;
  /** TwoFactorRequiredForAdmins is on and this administrator has not enrolled: the console leads to enrolment. */
  require_2fa_setup?: boolean;
}
