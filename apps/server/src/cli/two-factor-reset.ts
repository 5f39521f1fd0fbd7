import { LogType, logPhrase, UserStatus } from '@tollgate/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { recordLog } from '../modules/logs/logs.repository.js';
import { deleteAllPasskeys } from '../modules/passkeys/passkeys.repository.js';
import { deleteTwoFactor, isTwoFactorEnabled } from '../modules/two-factor/two-factor.repository.js';
import { CliError } from './cli-error.js';

/**
 * Turns off a user's two-factor sign-in from the server's machine: the way back in for root (or anyone) who lost
 * both the phone and the recovery codes, since no administrator ranks above root to do it in the console. Whoever
 * runs it can read the database anyway. The user's management log says it was done, and from where.
 */
export async function resetTwoFactor(db: Kysely<Database>, username: string): Promise<string> {
  const user = await db.selectFrom('users').select(['id', 'username']).where('username', '=', username).where('status', '!=', UserStatus.Deleted).executeTakeFirst();
  if (!user) throw new CliError(`no user named ${username}`);
  const totp = await isTwoFactorEnabled(db, user.id);
  // An enrolment begun and never confirmed is dropped too, so the next one starts clean.
  await deleteTwoFactor(db, user.id);
  // Passkeys are second factors too: a lost-device reset removes them as well, and says how many.
  const passkeys = await deleteAllPasskeys(db, user.id);
  if (!totp && passkeys === 0) return `${username} has no two-factor sign-in on and no passkeys: nothing to turn off`;
  if (totp) await recordLog(db, { userId: user.id, username: user.username, type: LogType.Manage, content: logPhrase('twoFactorResetByCommandLine') });
  if (passkeys > 0) await recordLog(db, { userId: user.id, username: user.username, type: LogType.Manage, content: logPhrase('passkeysResetByCommandLine', { count: passkeys }) });
  const removed = [totp ? 'TOTP turned off' : '', passkeys > 0 ? `${passkeys} passkey${passkeys === 1 ? '' : 's'} removed` : ''].filter(Boolean).join(', ');
  return `two-factor sign-in of ${username} turned off (${removed}): the password alone signs in until a second factor is added again`;
}
