/**
 * Counts the writes made to the SQLite database through this process (SQLite has no other writer), so a
 * reader can keep what it read until the count moves.
 */
export class WriteCounter {
  private writes = 0;

  get count(): number {
    return this.writes;
  }

  bump(): void {
    this.writes += 1;
  }
}
