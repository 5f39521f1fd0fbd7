import type { ServerResponse } from 'node:http';

/**
 * Watches the client's connection for a hang-up before its answer is complete, to call off what the
 * relay started for it. Upstream calls listen to it directly; an AbortSignal is made only when an API
 * that takes nothing else asks for one (a websocket, a timer, an image download), since creating an
 * AbortController for every request was a measurable share of the relay's CPU.
 */
export class ClientHangup {
  private hungUp = false;
  private listeners: (() => void)[] = [];
  private controller: AbortController | undefined;

  constructor(raw: ServerResponse) {
    raw.on('close', () => {
      if (!raw.writableFinished) this.hangUp();
    });
  }

  get aborted(): boolean {
    return this.hungUp;
  }

  /** Calls `listener` once when the client hangs up (at once if it has); returns how to stop listening. */
  onHangup(listener: () => void): () => void {
    if (this.hungUp) {
      listener();
      return () => undefined;
    }
    this.listeners.push(listener);
    return () => {
      const at = this.listeners.indexOf(listener);
      if (at >= 0) this.listeners.splice(at, 1);
    };
  }

  /** An AbortSignal that fires with the hang-up, made on first use. */
  get signal(): AbortSignal {
    if (!this.controller) {
      this.controller = new AbortController();
      if (this.hungUp) this.controller.abort();
    }
    return this.controller.signal;
  }

  private hangUp() {
    this.hungUp = true;
    this.controller?.abort();
    const listeners = this.listeners;
    this.listeners = [];
    for (const listener of listeners) listener();
  }
}

/** What calls off an upstream call: an AbortSignal (a timeout, say), or the client hanging up. */
export type Cancellation = AbortSignal | ClientHangup;

/**
 * What calls off an upstream call that runs on after its client left: nothing (RELAY_TIMEOUT bounds it).
 * One signal shared by every such call, which is never listened to: one listener per call in flight on it
 * cost an add and a remove each, and past ten calls Node warned of a leak.
 */
export const NEVER_CANCELLED: AbortSignal = new AbortController().signal;

/** Calls `listener` once `cancellation` fires (at once if it has); returns how to stop listening. */
export function onCancel(cancellation: Cancellation, listener: () => void): () => void {
  if (cancellation instanceof ClientHangup) return cancellation.onHangup(listener);
  if (cancellation === NEVER_CANCELLED) return () => undefined;
  if (cancellation.aborted) {
    listener();
    return () => undefined;
  }
  cancellation.addEventListener('abort', listener, { once: true });
  return () => cancellation.removeEventListener('abort', listener);
}

export const abortSignalOf = (cancellation: Cancellation): AbortSignal => (cancellation instanceof ClientHangup ? cancellation.signal : cancellation);
