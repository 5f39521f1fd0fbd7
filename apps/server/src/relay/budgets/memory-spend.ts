/** One counter's spend in the period that began at `start` (epoch ms). */
interface Entry {
  start: number;
  spent: number;
}

/**
 * Spend per key and user counted on this node alone: one entry per counter, replaced when a new period
 * begins, so the map never holds more than one number per key and user that has a budget.
 */
export class MemorySpend {
  private readonly entries = new Map<string, Entry>();

  /** The spend of the period starting at `start`, or undefined when this node has not counted it yet. */
  spent(id: string, start: number): number | undefined {
    const entry = this.entries.get(id);
    return entry && entry.start === start ? entry.spent : undefined;
  }

  /** Starts counting a period at what was already spent in it (read from the usage rollups). */
  begin(id: string, start: number, spent: number): void {
    const entry = this.entries.get(id);
    if (entry && entry.start === start) return;
    this.entries.set(id, { start, spent });
  }

  /** Adds to a period's spend; nothing when that period is no longer counted (a request that ran past its end). */
  add(id: string, start: number, quota: number): void {
    const entry = this.entries.get(id);
    if (entry && entry.start === start) entry.spent += quota;
  }
}
