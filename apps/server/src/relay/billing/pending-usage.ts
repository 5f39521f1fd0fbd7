import { RollupCells } from './rollup-cells.js';
import { PendingLogs } from './pending-logs.js';

/** Usage settled in memory and not yet written: balance deltas per user and key, counters per channel, logs, rollups (PostgreSQL, MySQL). */
export interface Pending {
  users: Map<number, { quota: number; used: number; requests: number }>;
  tokens: Map<number, { remain: number; used: number }>;
  channels: Map<number, number>;
  logs: PendingLogs;
  rollups: RollupCells;
}

export const emptyPending = (): Pending => ({ users: new Map(), tokens: new Map(), channels: new Map(), logs: new PendingLogs(), rollups: new RollupCells() });
