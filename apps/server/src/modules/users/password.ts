import bcrypt from 'bcryptjs';

/** bcrypt at Go's default cost, so hashes stay interchangeable with one-api's (`$2a$10$…`). */
const COST = 10;

export const hashPassword = (plain: string): Promise<string> => bcrypt.hash(plain, COST);

export async function verifyPassword(plain: string, hash: string): Promise<boolean> {
  if (!hash.startsWith('$2')) return false;
  return bcrypt.compare(plain, hash);
}
