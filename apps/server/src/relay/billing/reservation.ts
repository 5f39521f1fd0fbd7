import type { Kysely, QueryResult } from 'kysely';
import type { Dialect } from '../../db/dsn.js';
import { affectedRows, rawStatement } from '../../db/raw-query.js';
import type { Database } from '../../db/schema.js';
import { keyQuotaRefusal } from '../auth/key-refusals.js';
import type { KeyStatusMarker } from '../auth/key-status-marker.js';
import { RelayError } from '../relay-error.js';

export interface Reservation {
  userId: number;
  tokenId: number;
  unlimitedToken: boolean;
  amount: number;
  /**
   * The journal sequence at which the SQLite ledger held it in memory (UsageWriter.hold): a replay after a
   * crash holds it again if the database had not got it yet. Unset where the reservation went straight to
   * the database (PostgreSQL, MySQL, and SQLite during a console transaction).
   */
  heldAt?: number;
}

/** Takes a request's reservation from the user's and the key's balances, or refuses it. */
export interface QuotaReserver {
  reserve(reservation: Reservation): Promise<void> | void;
}

/** What this node has settled but not written yet (the batched usage writer): it counts against the stored balances. */
export interface PendingBalances {
  pendingUserQuota(userId: number): number;
  pendingTokenRemain(tokenId: number): number;
  /**
   * The write of a batch under way, if one is: its changes count as pending until the JavaScript side sees
   * its commit, while a query that reaches the database after the commit already sees them in the rows.
   */
  writeInFlight(): Promise<void> | undefined;
  /** Gives a user quota back with the next batch, which is retried until it is written. */
  creditUser(userId: number, amount: number): void;
}

/**
 * Takes `amount` from the user and, for a limited key, from the key, with conditional updates: a row
 * changes only if it still holds enough, so concurrent requests can never spend more than is there (one-api's
 * "trust" shortcut skipped this and let balances go negative). What this node settled but has not written
 * yet counts too: a request that cost more than it reserved is charged the difference in the next batch,
 * and until then the stored balance alone would let the key spend it again. No transaction is held open:
 * if the key cannot pay, the user's part is given back, and only then is the key read, to tell "used up"
 * from "not enough for this request".
 */
export class Reserver implements QuotaReserver {
  private readonly takeFromUser;
  private readonly giveBackToUser;
  private readonly takeFromToken;

  constructor(
    private readonly db: Kysely<Database>,
    dialect: Dialect,
    private readonly statuses: KeyStatusMarker,
    private readonly pending: PendingBalances,
  ) {
    this.takeFromUser = rawStatement(dialect, 'update users set quota = quota - ? where id = ? and quota >= ?');
    this.giveBackToUser = rawStatement(dialect, 'update users set quota = quota + ? where id = ?');
    this.takeFromToken = rawStatement(dialect, 'update tokens set remain_quota = remain_quota - ?, used_quota = used_quota + ? where id = ? and remain_quota >= ?');
  }

  async reserve(reservation: Reservation): Promise<void> {
    const { amount, userId, tokenId } = reservation;
    if (amount <= 0) return;
    // No balance covers more than this (a max_tokens of 1e308 asks for it), and PostgreSQL's bigint would fail on it.
    if (amount > Number.MAX_SAFE_INTEGER) throw new RelayError(403, 'user quota is not enough', 'insufficient_user_quota');
    // The stored balance must cover the amount and what this node still owes (a negative pending change).
    if (!(await this.taken(() => this.takeFromUser(this.db, [amount, userId, amount - this.pending.pendingUserQuota(userId)])))) {
      throw new RelayError(403, 'user quota is not enough', 'insufficient_user_quota');
    }
    if (reservation.unlimitedToken) return;
    let keyPaid: boolean;
    try {
      keyPaid = await this.taken(() => this.takeFromToken(this.db, [amount, amount, tokenId, amount - this.pending.pendingTokenRemain(tokenId)]));
    } catch (error) {
      // The key's query failed (a dropped connection): the user's part, already taken, is given back with the
      // next batch, which is retried until it lands, rather than by another query that could fail the same way.
      this.pending.creditUser(userId, amount);
      throw error;
    }
    if (!keyPaid) {
      await this.giveBackToUser(this.db, [amount, userId]).catch(() => this.pending.creditUser(userId, amount));
      const key = await this.db.selectFrom('tokens').select(['name', 'remain_quota']).where('id', '=', tokenId).executeTakeFirst();
      const remain = Number(key?.remain_quota ?? 0) + this.pending.pendingTokenRemain(tokenId);
      throw keyQuotaRefusal(this.statuses, tokenId, remain, () => key?.name);
    }
  }

  /**
   * Runs a conditional take; a refusal while a batch was being written is asked once more after it: the
   * balance may have counted the batch twice (in the rows it committed and in what was still pending).
   */
  private async taken(take: () => Promise<QueryResult<unknown>>): Promise<boolean> {
    const writing = this.pending.writeInFlight();
    if (affectedRows(await take()) > 0) return true;
    if (!writing) return false;
    await writing.catch(() => undefined);
    return affectedRows(await take()) > 0;
  }
}
