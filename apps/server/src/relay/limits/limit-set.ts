/** The limits of one counter (a key, or a user with its group's default): 0 in a dimension means none there. */
export interface LimitSet {
  rpm: number;
  tpm: number;
  concurrency: number;
}

/** The limits as stored, or undefined when there are none at all: the relay then does nothing for them. */
export function limitSetOf(rpm: number, tpm: number, concurrency: number): LimitSet | undefined {
  return rpm > 0 || tpm > 0 || concurrency > 0 ? { rpm, tpm, concurrency } : undefined;
}

/** The tighter of two limits, where 0 means "none" rather than "nothing allowed". */
const tighter = (a: number, b: number) => (a === 0 ? b : b === 0 ? a : Math.min(a, b));

/** The tightest of two sets, per dimension. */
export function tightest(a: LimitSet | undefined, b: LimitSet | undefined): LimitSet | undefined {
  if (!a) return b;
  if (!b) return a;
  return { rpm: tighter(a.rpm, b.rpm), tpm: tighter(a.tpm, b.tpm), concurrency: tighter(a.concurrency, b.concurrency) };
}

/** One counter the relay checks: a key's (`k<id>`) or a user's (`u<id>`), with the limits that apply to it. */
export interface LimitScope {
  id: string;
  limits: LimitSet;
}

/** How far a dimension is used, after the admitted request: for the x-ratelimit-* headers. */
export interface Headroom {
  limit: number;
  remaining: number;
  /** Milliseconds until the oldest counted use leaves the window (when `remaining` next grows). */
  resetMs: number;
}

/** The answer to a request asking in: admitted (with its headroom) or refused (with when to retry). */
export interface Verdict {
  admitted: boolean;
  /** Refused: milliseconds until a retry can succeed. */
  retryAfterMs: number;
  /** What the refusal names: 'requests', 'tokens' or 'concurrency'. */
  refusedOn?: Dimension;
  /** The index of the scope that refused. */
  refusedBy?: number;
  requests?: Headroom;
  tokens?: Headroom;
}

export type Dimension = 'requests' | 'tokens' | 'concurrency';

/** The usage of one counter now, for the console. */
export interface ScopeUsage {
  requests: number;
  tokens: number;
  concurrency: number;
}

/** The window every per-minute limit counts over. */
export const WINDOW_MS = 60_000;

/** The tighter headroom of two (fewer remaining wins); undefined when neither scope limits that dimension. */
export function tighterHeadroom(a: Headroom | undefined, b: Headroom | undefined): Headroom | undefined {
  if (!a) return b;
  if (!b) return a;
  return b.remaining < a.remaining ? b : a;
}
