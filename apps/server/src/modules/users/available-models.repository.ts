import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/**
 * The models a user may call: those of the enabled abilities of any of the user's groups (a user's group
 * may be a comma list), each once, sorted. Abilities are written by the channels module.
 */
export async function availableModels(db: Kysely<Database>, groups: string[]): Promise<string[]> {
  if (groups.length === 0) return [];
  const rows = await db.selectFrom('abilities').select('model').distinct().where('group', 'in', groups).where('enabled', '=', true).orderBy('model').execute();
  return rows.map((row) => row.model);
}

/** The models the enabled abilities of any group serve, each once, sorted: what the `*` fallback group may name. */
export async function everyAvailableModel(db: Kysely<Database>): Promise<string[]> {
  const rows = await db.selectFrom('abilities').select('model').distinct().where('enabled', '=', true).orderBy('model').execute();
  return rows.map((row) => row.model);
}
