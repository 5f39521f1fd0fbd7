import { DISPLAY_NAME_MAX_LENGTH, EMAIL_MAX_LENGTH, USERNAME_MAX_LENGTH, UserStatus } from '@tollgate/contract';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { isUniqueViolation } from '../../db/errors.js';
import type { UserRow } from '../../db/schema.js';
import { fail } from '../../http/errors.js';
import { randomAlphanumeric, randomHex } from '../../lib/random.js';
import { createAccount } from '../users/create-account.js';
import { rewardInvitation } from '../users/users.service.js';
import { findLiveUserByEmail, findUserByAffCode, findUserById, isUsernameTaken, updateUser } from '../users/users.repository.js';
import { findLiveUserByIdentity, nextUserId } from './external-account.repository.js';
import type { ExternalProfile, IdentityProvider } from './external-identity.js';

/**
 * Sign-in through a provider: the live account holding the id, or a new one when registration is open.
 * `affCode` is the inviter's affiliate code, rewarded as registration does.
 */
export async function accountForSignIn(ctx: AppContext, provider: IdentityProvider, profile: ExternalProfile, affCode = ''): Promise<UserRow> {
  const holder = await findLiveUserByIdentity(ctx.db, provider.column, profile.id);
  if (holder) {
    if (holder.status !== UserStatus.Enabled) throw fail('http.user_banned');
    return holder;
  }
  if (!ctx.options.bool('RegisterEnabled')) throw fail('user.registration_closed');
  const inviter = affCode ? await findUserByAffCode(ctx.db, affCode) : undefined;
  const id = await createWithFreeName(ctx, provider, profile, inviter?.id);
  const created = await findUserById(ctx.db, id);
  if (!created) throw fail('oauth.account_unreadable');
  if (inviter) await rewardInvitation(ctx, { id, username: created.username }, inviter);
  return created;
}

/** Binding from a signed-in session: refused when another live account already holds the id. */
export async function bindIdentity(ctx: AppContext, provider: IdentityProvider, userId: number, profile: ExternalProfile): Promise<void> {
  const holder = await findLiveUserByIdentity(ctx.db, provider.column, profile.id);
  if (holder && holder.id !== userId) throw fail('oauth.already_bound', { provider: provider.label });
  await updateUser(ctx.db, userId, { [provider.column]: profile.id });
}

/**
 * `github_<next id>` as one-api names them (or the provider's proposed username when free). Two sign-ups
 * at once may aim at the same name; the unique index refuses one, which then tries the next.
 */
async function createWithFreeName(ctx: AppContext, provider: IdentityProvider, profile: ExternalProfile, inviterId?: number): Promise<number> {
  const email = await freeEmail(ctx, profile.email);
  const base = await nextUserId(ctx.db);
  for (let attempt = 0; ; attempt += 1) {
    const username = await candidateName(ctx, provider, profile, base, attempt);
    try {
      return await createAccount(ctx, {
        username,
        // Nobody knows it: the account signs in through the provider until its owner sets a password.
        password: randomHex(16),
        displayName: (profile.displayName?.trim() || provider.defaultDisplayName).slice(0, DISPLAY_NAME_MAX_LENGTH),
        email,
        inviterId,
        identity: { [provider.column]: profile.id },
      });
    } catch (error) {
      if (!isUniqueViolation(error) || attempt >= 5) throw error;
    }
  }
}

async function candidateName(ctx: AppContext, provider: IdentityProvider, profile: ExternalProfile, base: number, attempt: number): Promise<string> {
  const proposed = profile.username?.trim() ?? '';
  if (attempt === 0 && proposed && proposed.length <= USERNAME_MAX_LENGTH && !(await isUsernameTaken(ctx.db, proposed))) return proposed;
  if (attempt >= 3) return `${provider.usernamePrefix}_${randomAlphanumeric(8)}`;
  let n = base + attempt;
  while (await isUsernameTaken(ctx.db, `${provider.usernamePrefix}_${n}`)) n += 1;
  return `${provider.usernamePrefix}_${n}`;
}

const EmailSchema = z.email();

/**
 * The provider's email is kept only when valid (and as long as the console allows) and no live account uses
 * it: sign-in by email and password reset look accounts up by address, so two accounts must never share one.
 */
async function freeEmail(ctx: AppContext, email: string | undefined): Promise<string> {
  const trimmed = email?.trim() ?? '';
  if (!trimmed || trimmed.length > EMAIL_MAX_LENGTH || !EmailSchema.safeParse(trimmed).success) return '';
  return (await findLiveUserByEmail(ctx.db, trimmed)) ? '' : trimmed;
}
