import type { ConfigDocument, ConfigSectionDiff } from '@tollgate/contract';
import { message } from '@tollgate/contract';
import { invalidField } from './import-error.js';

export interface QuotaWrite {
  id: number;
  quota: number;
}

/** Quotas by username; a user the document lacks keeps theirs, and a username the database lacks is refused. */
export function planUsers(document: NonNullable<ConfigDocument['users']>, stored: { id: number; username: string; quota: number }[]): { diff: ConfigSectionDiff; writes: QuotaWrite[] } {
  const byName = new Map(stored.map((user) => [user.username, user]));
  const seen = new Set<string>();
  const diff: ConfigSectionDiff = { added: [], changed: [], removed: [] };
  const writes: QuotaWrite[] = [];
  document.forEach(({ username, quota }, index) => {
    if (seen.has(username)) throw invalidField(`users[${index}].username`, message('config.reason.user_listed_twice', { username }));
    seen.add(username);
    const user = byName.get(username);
    if (!user) throw invalidField(`users[${index}].username`, message('config.reason.no_such_user', { username }));
    if (user.quota === quota) return;
    writes.push({ id: user.id, quota });
    diff.changed.push({ name: username, fields: [{ field: 'quota', from: String(user.quota), to: String(quota) }] });
  });
  return { diff, writes };
}
