import type { AppLogger } from '../../observability/app-logger.js';
import type { DatabaseTarget } from '../../db/dsn.js';
import { journalDir } from './journal-location.js';
import { UsageJournal } from './usage-journal.js';

/**
 * The node's usage journal, or none: an in-memory SQLite database does not outlive its process, so there is
 * nothing to replay into; a journal another live process holds (two servers sharing a data directory and a
 * database) is left to it, and this node runs without one, as the warning says.
 */
export function openJournal(dataDir: string, target: DatabaseTarget, inMemory: boolean, log: Pick<AppLogger, 'warn'>): UsageJournal | undefined {
  if (inMemory) return undefined;
  const opened = UsageJournal.open(journalDir(dataDir, target));
  if ('busy' in opened) {
    log.warn(`${opened.busy}: this node runs without one, and a kill -9 can lose the bills of its last batch (BATCH_UPDATE_INTERVAL)`);
    return undefined;
  }
  // A line torn by the crash belongs to a request that was not answered (its write had not returned).
  if (opened.torn > 0) log.warn({ torn: opened.torn, dir: opened.journal.dir }, 'usage journal: skipped lines a crash cut short');
  return opened.journal;
}
