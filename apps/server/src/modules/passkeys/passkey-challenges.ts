import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { nowSeconds } from '../../lib/random.js';

/** How long a browser has to answer a challenge: the ceremony's own timeout, with a little margin. */
export const CHALLENGE_SECONDS = 300;

/**
 * What a challenge was handed out for: adding a passkey, a passwordless sign-in, the second step of a waiting
 * sign-in, or a proof before changing one's passkeys. An answer is accepted only for the ceremony (and the user)
 * its challenge was made for.
 */
export type ChallengePurpose = 'register' | 'login' | 'second' | 'proof';

type Db = Kysely<Database>;

/** Keeps a challenge just handed out; expired ones are dropped on the way, so the table stays small. */
export async function rememberChallenge(db: Db, challenge: string, purpose: ChallengePurpose, userId: number, now = nowSeconds()): Promise<void> {
  await db.deleteFrom('passkey_challenges').where('expires_at', '<', now).execute();
  await db.insertInto('passkey_challenges').values({ challenge, purpose, user_id: userId, expires_at: now + CHALLENGE_SECONDS }).execute();
}

/**
 * Spends a challenge: true only for the first request that deletes its row, made for this purpose and user and
 * not expired. One delete is the check and the spending, so two nodes cannot both accept the same answer.
 */
export async function spendChallenge(db: Db, challenge: string, purpose: ChallengePurpose, userId: number, now = nowSeconds()): Promise<boolean> {
  if (challenge.length === 0 || challenge.length > 128) return false;
  const result = await db
    .deleteFrom('passkey_challenges')
    .where('challenge', '=', challenge)
    .where('purpose', '=', purpose)
    .where('user_id', '=', userId)
    .where('expires_at', '>=', now)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
