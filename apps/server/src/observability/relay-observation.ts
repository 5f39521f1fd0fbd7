import type { TokenUsage } from '../providers/token-usage.js';

/**
 * What a failed upstream attempt was: the class of the status the upstream answered ('4xx', '5xx'), or
 * that it never answered in time ('timeout'), could not be reached or broke off ('connection'), or ended
 * a stream before sending anything ('empty_stream').
 */
export type UpstreamFailureKind = string;

/**
 * One relayed request as metrics and traces see it, told by the relay at each step. When neither metrics
 * nor tracing is enabled every request shares NOOP_OBSERVATION: the hot path makes empty calls and nothing else.
 */
export interface RelayObservation {
  /** The key was accepted and the channel is being chosen. */
  routing(): void;
  /** The model's first channel was chosen and the request planned for it. */
  routed(model: string, channelId: number): void;
  /** An attempt on a channel starts. */
  attempt(channelId: number): void;
  /** The current attempt failed; another channel may follow. */
  attemptFailed(status: number, kind: UpstreamFailureKind): void;
  /** The current attempt was answered: headers of a complete answer, the first bytes of a stream. */
  answered(status: number): void;
  /** The answer is relayed as a stream from now until the request ends. */
  streaming(): void;
  /** The charge is being worked out. */
  settling(): void;
  /** The charge was queued: the tokens and quota billed, under the model billed. */
  settled(model: string, usage: TokenUsage, quota: number): void;
  /** The request ended with this status (a stream: when its last byte went out or its client left). */
  ended(status: number): void;
}

/** Starts the observation of a relayed request. */
export interface RelayObserver {
  begin(requestId: string, route: string, protocol: string): RelayObservation;
}

const nothing = () => undefined;

export const NOOP_OBSERVATION: RelayObservation = {
  routing: nothing,
  routed: nothing,
  attempt: nothing,
  attemptFailed: nothing,
  answered: nothing,
  streaming: nothing,
  settling: nothing,
  settled: nothing,
  ended: nothing,
};

export const NOOP_OBSERVER: RelayObserver = { begin: () => NOOP_OBSERVATION };

/** Metrics and traces together: each step told to both. */
class BothObservations implements RelayObservation {
  constructor(
    private readonly a: RelayObservation,
    private readonly b: RelayObservation,
  ) {}
  routing() {
    this.a.routing();
    this.b.routing();
  }
  routed(model: string, channelId: number) {
    this.a.routed(model, channelId);
    this.b.routed(model, channelId);
  }
  attempt(channelId: number) {
    this.a.attempt(channelId);
    this.b.attempt(channelId);
  }
  attemptFailed(status: number, kind: UpstreamFailureKind) {
    this.a.attemptFailed(status, kind);
    this.b.attemptFailed(status, kind);
  }
  answered(status: number) {
    this.a.answered(status);
    this.b.answered(status);
  }
  streaming() {
    this.a.streaming();
    this.b.streaming();
  }
  settling() {
    this.a.settling();
    this.b.settling();
  }
  settled(model: string, usage: TokenUsage, quota: number) {
    this.a.settled(model, usage, quota);
    this.b.settled(model, usage, quota);
  }
  ended(status: number) {
    this.a.ended(status);
    this.b.ended(status);
  }
}

/** The observer of whatever is enabled: none, one, or both. */
export function combineObservers(...observers: (RelayObserver | undefined)[]): RelayObserver {
  const [a, b] = observers.filter((o): o is RelayObserver => o !== undefined && o !== NOOP_OBSERVER);
  if (!a) return NOOP_OBSERVER;
  if (!b) return a;
  return { begin: (requestId, route, protocol) => new BothObservations(a.begin(requestId, route, protocol), b.begin(requestId, route, protocol)) };
}
