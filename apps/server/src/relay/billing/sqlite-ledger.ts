import type SQLite from 'better-sqlite3';
import type { WriteCounter } from '../../db/write-counter.js';
import { keyQuotaRefusal } from '../auth/key-refusals.js';
import type { KeyStatusMarker } from '../auth/key-status-marker.js';
import { RelayError } from '../relay-error.js';
import type { QuotaReserver, Reservation } from './reservation.js';
import type { UsageWriter } from './usage-writer.js';

/**
 * Reservations on SQLite without a write per request. A SQLite database has one gateway process, so the
 * exact balance is what the database holds plus what the usage writer has not written yet; both are read
 * synchronously, so no two requests can interleave between the check and the hold. Console writes (top-ups,
 * redemptions, edits) go to the database and count at once. While a Kysely transaction holds the
 * connection, its uncommitted rows must not be read: the conditional-update reserver takes over then.
 * What was read is kept until anything writes to the database (any Kysely write, or a flush of the
 * usage writer), so a busy gateway reads each balance about once per flush rather than per request.
 */
export class SqliteLedger implements QuotaReserver {
  private readonly userQuota;
  private readonly tokenRemain;
  private readonly tokenName;
  private readonly storedQuota = new Map<number, number>();
  private readonly storedRemain = new Map<number, number>();
  private readAt = -1;

  constructor(
    private readonly sqlite: SQLite.Database,
    private readonly writes: WriteCounter,
    private readonly usage: UsageWriter,
    private readonly duringTransactions: QuotaReserver,
    private readonly statuses: KeyStatusMarker,
  ) {
    this.userQuota = sqlite.prepare<[number], number>('select quota from users where id = ?').pluck();
    this.tokenRemain = sqlite.prepare<[number], number>('select remain_quota from tokens where id = ?').pluck();
    this.tokenName = sqlite.prepare<[number], string | null>('select name from tokens where id = ?').pluck();
  }

  private stored(cache: Map<number, number>, read: (id: number) => number | undefined, id: number): number {
    if (this.readAt !== this.writes.count) {
      this.storedQuota.clear();
      this.storedRemain.clear();
      this.readAt = this.writes.count;
    }
    let value = cache.get(id);
    if (value === undefined) {
      value = read(id) ?? 0;
      cache.set(id, value);
    }
    return value;
  }

  reserve(reservation: Reservation): Promise<void> | void {
    const { amount, userId, tokenId } = reservation;
    if (amount <= 0) return;
    if (this.sqlite.inTransaction) return this.duringTransactions.reserve(reservation);
    if (this.stored(this.storedQuota, (id) => this.userQuota.get(id), userId) + this.usage.pendingUserQuota(userId) < amount) {
      throw new RelayError(403, 'user quota is not enough', 'insufficient_user_quota');
    }
    if (!reservation.unlimitedToken) {
      const remain = this.stored(this.storedRemain, (id) => this.tokenRemain.get(id), tokenId) + this.usage.pendingTokenRemain(tokenId);
      if (remain < amount) throw keyQuotaRefusal(this.statuses, tokenId, remain, () => this.tokenName.get(tokenId));
    }
    this.usage.hold(reservation);
  }
}
