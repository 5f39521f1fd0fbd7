import type { Kysely } from 'kysely';
import { isUniqueViolation } from '../../db/errors.js';
import type { Database } from '../../db/schema.js';

/** The row of the one source Tollgate follows; the column leaves room for another one day. */
const SOURCE = 'genai-prices';

/** A price source file as it was downloaded: its bytes as text, their sha256, where and when (epoch seconds). */
export interface PriceSourceFile {
  text: string;
  sha256: string;
  url: string;
  fetchedAt: number;
}

export async function readStoredFile(db: Kysely<Database>): Promise<PriceSourceFile | undefined> {
  const row = await db.selectFrom('price_source_files').select(['data', 'sha256', 'url', 'fetched_at']).where('source', '=', SOURCE).executeTakeFirst();
  return row && { text: row.data, sha256: row.sha256, url: row.url, fetchedAt: Number(row.fetched_at) };
}

/** The stored file's hash and when any node last fetched the source, without the file; undefined before the first. */
export async function readStoredState(db: Kysely<Database>): Promise<{ sha256: string; checkedAt: number } | undefined> {
  const row = await db.selectFrom('price_source_files').select(['sha256', 'checked_at']).where('source', '=', SOURCE).executeTakeFirst();
  return row && { sha256: row.sha256, checkedAt: Number(row.checked_at) };
}

/** Replaces the stored file in one statement: other nodes read the old file or the new one, never a mix. */
export async function storeFile(db: Kysely<Database>, file: PriceSourceFile): Promise<void> {
  const values = { url: file.url, sha256: file.sha256, fetched_at: file.fetchedAt, checked_at: file.fetchedAt, data: file.text };
  for (let attempt = 0; attempt < 2; attempt += 1) {
    const updated = await db.updateTable('price_source_files').set(values).where('source', '=', SOURCE).executeTakeFirst();
    if (Number(updated.numUpdatedRows) > 0) return;
    try {
      await db.insertInto('price_source_files').values({ source: SOURCE, ...values }).execute();
      return;
    } catch (error) {
      // Another node stored its file at the same moment: update that row instead.
      if (!isUniqueViolation(error)) throw error;
    }
  }
}

/** Records a fetch that found nothing new, so the next scheduled check on any node waits a full period. */
export async function markChecked(db: Kysely<Database>, at: number): Promise<void> {
  await db.updateTable('price_source_files').set({ checked_at: at }).where('source', '=', SOURCE).execute();
}
