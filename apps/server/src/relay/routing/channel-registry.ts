import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { ChannelTable, type SameModel } from './channel-table.js';
import { toRoutableChannel } from './routable-channel.js';

/** Holds the current routing table and rebuilds it from the channels table when told they changed. */
export class ChannelRegistry {
  private current = new ChannelTable([]);
  private rebuilding?: Promise<void>;
  private stale = false;
  /** Channels taken out of routing here before the database says so: id -> how many withdrawals hold it. */
  private readonly withdrawn = new Map<number, number>();

  constructor(
    private readonly db: Kysely<Database>,
    /** Which names are one model to their vendor, so that a channel listing one serves the other. */
    private readonly sameModel?: SameModel,
  ) {}

  get table(): ChannelTable {
    return this.current;
  }

  /**
   * Takes a channel out of this node's routing at once, synchronously: the very next pick must not land on
   * a channel that just proved broken, and the database write and reload that disable it everywhere take
   * milliseconds to seconds. Until the returned release is called, rebuilds keep it out too, since one that
   * read the rows before that write would put it back. Releasing does not put it back: a reload does.
   */
  withdraw(id: number): () => void {
    this.withdrawn.set(id, (this.withdrawn.get(id) ?? 0) + 1);
    this.current = this.current.without(id);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const holders = (this.withdrawn.get(id) ?? 1) - 1;
      if (holders > 0) this.withdrawn.set(id, holders);
      else this.withdrawn.delete(id);
    };
  }

  /** Coalesces bursts of changes: at most one rebuild runs, and one more follows if something changed meanwhile. */
  async reload(): Promise<void> {
    if (this.rebuilding) {
      this.stale = true;
      return this.rebuilding;
    }
    this.rebuilding = (async () => {
      do {
        this.stale = false;
        const rows = await this.db.selectFrom('channels').selectAll().execute();
        let table = new ChannelTable(rows.map(toRoutableChannel), this.sameModel);
        for (const id of this.withdrawn.keys()) table = table.without(id);
        this.current = table;
      } while (this.stale);
    })().finally(() => {
      this.rebuilding = undefined;
    });
    return this.rebuilding;
  }
}
