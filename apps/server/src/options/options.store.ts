import type { Kysely } from 'kysely';
import { isUniqueViolation } from '../db/errors.js';
import type { Database } from '../db/schema.js';
import { OPTION_DEFAULTS, UNSEEDED_OPTION_KEYS } from './option-defaults.js';

/**
 * The options table held in memory: defaults overlaid with stored rows. Every node reloads it on a timer;
 * a write through `set` applies on this node at once.
 */
export class OptionsStore {
  private values = new Map<string, string>(Object.entries(OPTION_DEFAULTS));
  /** Bumped by every reload and write: a hot-path reader caches what it derives from options until it moves. */
  revision = 0;

  constructor(private readonly db: Kysely<Database>) {}

  async reload(): Promise<void> {
    const rows = await this.db.selectFrom('options').select(['key', 'value']).execute();
    const next = new Map<string, string>(Object.entries(OPTION_DEFAULTS));
    for (const row of rows) next.set(row.key, row.value ?? '');
    this.values = next;
    this.revision += 1;
  }

  /** Writes the default of every key the table lacks, so operators see the full set in the database. */
  async seedDefaults(): Promise<void> {
    const present = new Set((await this.db.selectFrom('options').select('key').execute()).map((r) => r.key));
    const missing = Object.entries(OPTION_DEFAULTS).filter(([key]) => !present.has(key) && !UNSEEDED_OPTION_KEYS.has(key));
    for (const [key, value] of missing) {
      // Another node may seed the same key at the same moment; its row is as good as ours.
      await this.db
        .insertInto('options')
        .values({ key, value })
        .execute()
        .catch((error: unknown) => {
          if (!isUniqueViolation(error)) throw error;
        });
    }
  }

  async set(key: string, value: string): Promise<void> {
    const updated = await this.db.updateTable('options').set({ value }).where('key', '=', key).executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) await this.db.insertInto('options').values({ key, value }).execute();
    this.values.set(key, value);
    this.revision += 1;
  }

  str(key: string): string {
    return this.values.get(key) ?? '';
  }

  bool(key: string): boolean {
    return this.values.get(key) === 'true';
  }

  num(key: string): number {
    const value = Number(this.values.get(key));
    return Number.isFinite(value) ? value : Number(OPTION_DEFAULTS[key] ?? 0);
  }

  all(): Map<string, string> {
    return new Map(this.values);
  }
}
