/** How many buckets a window is cut into: the window slides by a tenth of its length. */
const BUCKETS = 10;

/**
 * One channel's recent outcomes over a sliding window, as a ring of buckets allocated once: recording is
 * O(1) and allocates nothing, so it can run on every upstream attempt. A bucket is reused when its slot
 * comes round again, which forgets what fell out of the window.
 */
export class ErrorWindow {
  private readonly stamps = new Float64Array(BUCKETS).fill(-1);
  private readonly totals = new Uint32Array(BUCKETS);
  private readonly errors = new Uint32Array(BUCKETS);

  private bucketMs: number;

  constructor(windowMs: number) {
    this.bucketMs = windowMs / BUCKETS;
  }

  /** Counts one outcome at `now` (epoch ms). */
  record(now: number, failed: boolean): void {
    const index = Math.floor(now / this.bucketMs);
    const slot = index % BUCKETS;
    if (this.stamps[slot] !== index) {
      this.stamps[slot] = index;
      this.totals[slot] = 0;
      this.errors[slot] = 0;
    }
    this.totals[slot] = (this.totals[slot] as number) + 1;
    if (failed) this.errors[slot] = (this.errors[slot] as number) + 1;
  }

  /** Whether the window holds at least `minRequests` outcomes of which at least `rate` (0..1) failed. */
  tripped(now: number, minRequests: number, rate: number): boolean {
    const oldest = Math.floor(now / this.bucketMs) - BUCKETS + 1;
    let total = 0;
    let failed = 0;
    for (let slot = 0; slot < BUCKETS; slot += 1) {
      if ((this.stamps[slot] as number) < oldest) continue;
      total += this.totals[slot] as number;
      failed += this.errors[slot] as number;
    }
    return total >= minRequests && failed >= rate * total;
  }

  /** Forgets everything, for a closed circuit's fresh start or a new window length. */
  reset(windowMs: number): void {
    this.bucketMs = windowMs / BUCKETS;
    this.stamps.fill(-1);
  }
}
