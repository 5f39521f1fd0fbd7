import v8 from 'node:v8';
import vm from 'node:vm';
import { mallocTrim } from './malloc-trim.js';

/** The load has passed once requests in flight stay at this share of their peak or below. */
const QUIET_SHARE = 0.1;
/** RSS this far above where the last return left it makes another return worth its pause. */
const GROWTH_BYTES = 64 * 1024 * 1024;
const CHECK_MS = 1000;

export interface MemoryReturnOptions {
  /** Seconds the load must stay low before memory is returned; 0 turns returns off. */
  quietSeconds: number;
  /** RELAY_IDLE_TIMEOUT: the upstream connections a burst opened are closed this long after their last use. */
  idleConnectionSeconds: number;
  inFlight: () => number;
  /** Told of each return: the RSS before and right after it, and how long the main thread was held. */
  onReturned?: (rssBefore: number, rssAfter: number, pauseMs: number) => void;
  /** The process's resident memory, V8's full collection and the C allocator's trim: replaced in tests. */
  rss?: () => number;
  collect?: () => void;
  trim?: () => boolean;
  now?: () => number;
}

/**
 * Gives memory back to the system once a burst of load has passed. After 5,000 concurrent streams a node
 * kept 290-340 MB (idle: 95-130) for as long as it stayed quiet: V8 collects an idle heap only when it
 * allocates, and glibc keeps the pages freed between the chunks still in use. When requests in flight have
 * stayed at a tenth of their peak or below for `quietSeconds` and the RSS has grown by GROWTH_BYTES since
 * the last return, one full collection and a malloc_trim give back what is garbage by then; once more
 * `idleConnectionSeconds` later, when the idle upstream connections the burst left have closed (their memory
 * is garbage then, but nothing shows it). 5,000 streams (`npm run bench:streams`): 330 MB at the peak, 251
 * MB 10 s after, 118 MB a minute after, idle 94; each return held the main thread 40-60 ms.
 */
export class MemoryReturn {
  private readonly rss: () => number;
  private readonly now: () => number;
  private collect: (() => void) | undefined;
  private readonly trim: (() => boolean) | undefined;
  private timer: NodeJS.Timeout | undefined;
  /** Most requests in flight since the last return. */
  private peak = 0;
  /** When the load was last seen above a tenth of its peak (or memory last returned). */
  private lastBusy: number;
  /** RSS after the last return (or at start), lowered by any lower reading. */
  private floor: number;
  /** Read one check after a return, once V8 has unmapped what the collection freed. */
  private floorDue = false;
  /** The return after the burst's idle connections have closed, if the load stays this low until then. */
  private followUp: { at: number; ceiling: number } | undefined;
  /** Returns so far, and the main thread's time they took: for the metrics. */
  private returnsSoFar = 0;
  private pauseSecondsSoFar = 0;

  constructor(private readonly options: MemoryReturnOptions) {
    this.rss = options.rss ?? (() => process.memoryUsage.rss());
    this.now = options.now ?? Date.now;
    this.collect = options.collect;
    this.trim = 'trim' in options ? options.trim : mallocTrim;
    this.floor = this.rss();
    this.lastBusy = this.now();
  }

  get returns(): { count: number; pauseSeconds: number } {
    return { count: this.returnsSoFar, pauseSeconds: this.pauseSecondsSoFar };
  }

  start(): void {
    if (this.options.quietSeconds <= 0 || this.timer) return;
    this.timer = setInterval(() => this.check(), CHECK_MS);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  /** Called every second; returns memory when it is due. */
  check(): void {
    const running = this.options.inFlight();
    const now = this.now();
    const rss = this.rss();
    this.floor = this.floorDue ? rss : Math.min(this.floor, rss);
    this.floorDue = false;
    this.peak = Math.max(this.peak, running);
    if (this.followUp && now >= this.followUp.at) {
      const { ceiling } = this.followUp;
      this.followUp = undefined;
      if (running <= ceiling) {
        this.giveBack(rss, running, false);
        return;
      }
    }
    if (running > this.peak * QUIET_SHARE) this.lastBusy = now;
    else if (now - this.lastBusy >= this.options.quietSeconds * 1000 && rss >= this.floor + GROWTH_BYTES) this.giveBack(rss, running, true);
  }

  private giveBack(rssBefore: number, running: number, planFollowUp: boolean) {
    const started = performance.now();
    this.collect ??= fullCollection();
    this.collect();
    this.trim?.();
    const pauseMs = performance.now() - started;
    this.returnsSoFar += 1;
    this.pauseSecondsSoFar += pauseMs / 1000;
    this.followUp = planFollowUp
      ? { at: this.now() + this.options.idleConnectionSeconds * 1000, ceiling: Math.max(running, this.peak * QUIET_SHARE) }
      : undefined;
    this.peak = running;
    this.lastBusy = this.now();
    this.floorDue = true;
    this.options.onReturned?.(rssBefore, this.rss(), pauseMs);
  }
}

/** V8's full collection, without starting node with --expose-gc: the flag takes effect for contexts made after it. */
function fullCollection(): () => void {
  v8.setFlagsFromString('--expose-gc');
  return vm.runInNewContext('gc') as () => void;
}
