import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { nowSeconds } from '../../lib/random.js';

/**
 * Email codes and reset tokens, kept in the database so every node can check what another node issued,
 * and single-use: a successful check deletes the code.
 */
export type CodePurpose = 'email_verification' | 'password_reset';

export async function storeCode(db: Kysely<Database>, purpose: CodePurpose, subject: string, code: string, ttlSeconds: number): Promise<void> {
  await db.deleteFrom('verification_codes').where('expires_at', '<', nowSeconds()).execute();
  await db.insertInto('verification_codes').values({ purpose, subject, code, expires_at: nowSeconds() + ttlSeconds }).execute();
}

/** True when the code was valid; it is consumed either way it matched, so it cannot be replayed. */
export async function consumeCode(db: Kysely<Database>, purpose: CodePurpose, subject: string, code: string): Promise<boolean> {
  if (!code) return false;
  const deleted = await db
    .deleteFrom('verification_codes')
    .where('purpose', '=', purpose)
    .where('subject', '=', subject)
    .where('code', '=', code)
    .where('expires_at', '>=', nowSeconds())
    .executeTakeFirst();
  return Number(deleted.numDeletedRows) > 0;
}
