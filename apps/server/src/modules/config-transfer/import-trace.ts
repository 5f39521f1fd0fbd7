import { CONFIG_SECTIONS, LogType, logPhrase, type ConfigDiff, type ConfigSection } from '@tollgate/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { AuthenticatedUser } from '../auth/console-roles.js';
import { recordLog } from '../logs/logs.repository.js';

/** Who imports a document: the log row is theirs (user id and name), and its text names them. */
export interface ImportActor {
  userId: number;
  username: string;
  label: string;
}

export const administratorActor = (user: AuthenticatedUser): ImportActor => ({ userId: user.id, username: user.username, label: `administrator ${user.username}` });

/** The command line acts as no user of the database: user id 0, and a name that says where the change came from. */
export const commandLineActor = (file: string): ImportActor => ({ userId: 0, username: 'tollgate-cli', label: `the command line (tollgate import ${file})` });

export function sectionCounts(diff: ConfigDiff, section: ConfigSection): string {
  const { added, changed, removed } = diff[section];
  return `${section}: ${added.length} added, ${changed.length} changed, ${removed.length} removed`;
}

/**
 * A management log row for an import that wrote, with its counts per section; written in the import's own
 * transaction, so there is a trace exactly when there is a change.
 */
export async function recordImport(db: Kysely<Database>, actor: ImportActor, diff: ConfigDiff): Promise<void> {
  const counts = CONFIG_SECTIONS.map((section) => sectionCounts(diff, section)).join('; ');
  await recordLog(db, { userId: actor.userId, username: actor.username, type: LogType.Manage, content: logPhrase('configImported', { actor: actor.label, counts }) });
}
