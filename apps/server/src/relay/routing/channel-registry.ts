import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { ChannelTable } from './channel-table.js';
import { toRoutableChannel } from './routable-channel.js';

/** Holds the current routing table and rebuilds it from the channels table when told they changed. */
export class ChannelRegistry {
  private current = new ChannelTable([]);
  private rebuilding?: Promise<void>;
  private stale = false;

  constructor(private readonly db: Kysely<Database>) {}

  get table(): ChannelTable {
    return this.current;
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
        this.current = new ChannelTable(rows.map(toRoutableChannel));
      } while (this.stale);
    })().finally(() => {
      this.rebuilding = undefined;
    });
    return this.rebuilding;
  }
}
