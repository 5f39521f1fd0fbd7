import { WINDOW_MS, type Headroom, type LimitScope, type ScopeUsage, type Verdict } from './limit-set.js';

/**
 * The counts of one key or user on this node: the times of the requests of the last minute, the tokens
 * settled in the last minute (time and count), the tokens reserved by requests still running, and how many
 * run. Queues are arrays read from `head`, compacted now and then, so a request allocates nothing here.
 */
class Window {
  requestTimes: number[] = [];
  requestHead = 0;
  settledTimes: number[] = [];
  settledTokens: number[] = [];
  settledHead = 0;
  settledSum = 0;
  reserved = 0;
  running = 0;

  prune(now: number): void {
    const since = now - WINDOW_MS;
    while (this.requestHead < this.requestTimes.length && (this.requestTimes[this.requestHead] ?? 0) <= since) this.requestHead += 1;
    while (this.settledHead < this.settledTimes.length && (this.settledTimes[this.settledHead] ?? 0) <= since) {
      this.settledSum -= this.settledTokens[this.settledHead] ?? 0;
      this.settledHead += 1;
    }
    if (this.requestHead > 256 && this.requestHead * 2 > this.requestTimes.length) {
      this.requestTimes.splice(0, this.requestHead);
      this.requestHead = 0;
    }
    if (this.settledHead > 256 && this.settledHead * 2 > this.settledTimes.length) {
      this.settledTimes.splice(0, this.settledHead);
      this.settledTokens.splice(0, this.settledHead);
      this.settledHead = 0;
    }
  }

  get requests(): number {
    return this.requestTimes.length - this.requestHead;
  }

  get tokens(): number {
    return this.settledSum + this.reserved;
  }

  /** Milliseconds until the oldest request (or settled token count) of the window leaves it. */
  requestsResetMs(now: number): number {
    return this.requests === 0 ? 0 : (this.requestTimes[this.requestHead] ?? now) + WINDOW_MS - now;
  }

  tokensResetMs(now: number): number {
    return this.settledHead === this.settledTimes.length ? 0 : (this.settledTimes[this.settledHead] ?? now) + WINDOW_MS - now;
  }

  idle(now: number): boolean {
    this.prune(now);
    return this.running === 0 && this.reserved === 0 && this.requests === 0 && this.settledHead === this.settledTimes.length;
  }
}

/** What a running request holds in one window, given back when it ends. */
interface Hold {
  window: Window;
  reserved: number;
  running: boolean;
  countsTokens: boolean;
}

/** A running request's holds on this node, released by `end` exactly once. */
export class MemoryTicket {
  private ended = false;

  constructor(private readonly holds: Hold[]) {}

  /** Gives back the running slot and the reserved tokens; counts the request's real tokens (0 when it failed). */
  end(tokens: number, now = Date.now()): void {
    if (this.ended) return;
    this.ended = true;
    for (const hold of this.holds) {
      const { window } = hold;
      window.reserved -= hold.reserved;
      if (hold.running) window.running -= 1;
      if (hold.countsTokens && tokens > 0) {
        window.settledTimes.push(now);
        window.settledTokens.push(tokens);
        window.settledSum += tokens;
      }
    }
  }
}

/** A refused request allocates no ticket. */
export interface MemoryAdmission {
  verdict: Verdict;
  ticket?: MemoryTicket;
}

/** Sweeps idle windows about this often, so keys that stopped calling cost no memory. */
const SWEEP_MS = 5 * WINDOW_MS;

/**
 * Rate limits counted in this process: exact sliding windows of one minute for requests and settled tokens,
 * plus the running requests and their reserved tokens. Used alone on a single node, and as the fallback
 * while Redis is unreachable.
 */
export class MemoryLimiter {
  private readonly windows = new Map<string, Window>();
  private lastSweep = Date.now();

  /** Checks every scope first and records in all of them only when each admits the request. */
  admit(scopes: readonly LimitScope[], estimate: number, now = Date.now()): MemoryAdmission {
    this.sweep(now);
    const windows = scopes.map((scope) => this.window(scope.id, now));
    for (let i = 0; i < scopes.length; i += 1) {
      const refusal = refusalOf(scopes[i]!, windows[i]!, estimate, now);
      if (refusal) return { verdict: { ...refusal, refusedBy: i } };
    }
    const holds: Hold[] = [];
    const verdict: Verdict = { admitted: true, retryAfterMs: 0 };
    for (let i = 0; i < scopes.length; i += 1) {
      const { limits } = scopes[i]!;
      const window = windows[i]!;
      if (limits.rpm > 0) window.requestTimes.push(now);
      const reserved = limits.tpm > 0 ? estimate : 0;
      window.reserved += reserved;
      const running = limits.concurrency > 0 || limits.tpm > 0;
      if (running) window.running += 1;
      holds.push({ window, reserved, running, countsTokens: limits.tpm > 0 });
      verdict.requests = tighter(verdict.requests, limits.rpm, window.requests, window.requestsResetMs(now));
      verdict.tokens = tighter(verdict.tokens, limits.tpm, window.tokens, window.tokensResetMs(now));
    }
    return { verdict, ticket: new MemoryTicket(holds) };
  }

  usage(id: string, now = Date.now()): ScopeUsage {
    const window = this.windows.get(id);
    if (!window) return { requests: 0, tokens: 0, concurrency: 0 };
    window.prune(now);
    return { requests: window.requests, tokens: window.tokens, concurrency: window.running };
  }

  private window(id: string, now: number): Window {
    let window = this.windows.get(id);
    if (!window) {
      window = new Window();
      this.windows.set(id, window);
    }
    window.prune(now);
    return window;
  }

  private sweep(now: number) {
    if (now - this.lastSweep < SWEEP_MS) return;
    this.lastSweep = now;
    for (const [id, window] of this.windows) if (window.idle(now)) this.windows.delete(id);
  }
}

/**
 * Why a scope refuses the request, if it does. A token limit refuses when the minute's tokens (settled and
 * reserved) plus this request's estimate would pass it; a request alone in an empty window is let through
 * even if its estimate is larger, so a big prompt is not refused forever.
 */
function refusalOf({ limits }: LimitScope, window: Window, estimate: number, now: number): Verdict | undefined {
  if (limits.rpm > 0 && window.requests >= limits.rpm) return { admitted: false, refusedOn: 'requests', retryAfterMs: window.requestsResetMs(now) };
  if (limits.concurrency > 0 && window.running >= limits.concurrency) return { admitted: false, refusedOn: 'concurrency', retryAfterMs: 1000 };
  if (limits.tpm > 0) {
    const used = window.tokens;
    if (used >= limits.tpm || (used > 0 && used + estimate > limits.tpm)) return { admitted: false, refusedOn: 'tokens', retryAfterMs: window.tokensResetMs(now) || 1000 };
  }
  return undefined;
}

function tighter(current: Headroom | undefined, limit: number, used: number, resetMs: number): Headroom | undefined {
  if (limit === 0) return current;
  const remaining = Math.max(0, limit - used);
  return current && current.remaining <= remaining ? current : { limit, remaining, resetMs };
}
