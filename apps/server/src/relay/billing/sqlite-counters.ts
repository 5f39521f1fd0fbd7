import type SQLite from 'better-sqlite3';
import type { WriteCounter } from '../../db/write-counter.js';
import { nowSeconds } from '../../lib/random.js';
import type { Pending } from './pending-usage.js';
import { SQLITE_COUNTERS_MARK } from './journal-marks.js';
import type { JournalMark } from './usage-journal.js';

/**
 * Writes a batch of balance and counter changes to SQLite synchronously, in one transaction: nothing else
 * runs on the event loop meanwhile, so no reader ever sees the batch half written or not yet written.
 */
export class SqliteCounters {
  private readonly writeAll;
  /** Prepared on first use: the table exists once migrated, and only a journaled writer needs it. */
  private markStatement: SQLite.Statement<[number, string]> | undefined;

  constructor(
    private readonly sqlite: SQLite.Database,
    private readonly writes: WriteCounter,
  ) {
    const user = sqlite.prepare('update users set quota = quota + ?, used_quota = used_quota + ?, request_count = request_count + ? where id = ?');
    const token = sqlite.prepare('update tokens set remain_quota = remain_quota + ?, used_quota = used_quota + ?, accessed_time = ? where id = ?');
    const channel = sqlite.prepare('update channels set used_quota = used_quota + ? where id = ?');
    this.writeAll = sqlite.transaction((batch: Pending, mark: JournalMark | undefined) => {
      for (const [id, d] of batch.users) user.run(d.quota, d.used, d.requests, id);
      const accessed = nowSeconds();
      for (const [id, d] of batch.tokens) token.run(d.remain, d.used, accessed, id);
      for (const [id, used] of batch.channels) channel.run(used, id);
      if (mark) this.mark().run(mark.seq, mark.node);
    });
  }

  /** A transaction opened through Kysely is in progress; writing now would join it. */
  busy(): boolean {
    return this.sqlite.inTransaction;
  }

  /** Writes the batch and, with it, the journal's counters mark (the batch holds every settlement up to it). */
  write(batch: Pending, mark?: JournalMark): void {
    this.writeAll(batch, mark);
    this.writes.bump();
  }

  private mark(): SQLite.Statement<[number, string]> {
    this.markStatement ??= this.sqlite.prepare<[number, string]>(SQLITE_COUNTERS_MARK);
    return this.markStatement;
  }
}
