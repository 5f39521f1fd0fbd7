import { randomBytes } from 'node:crypto';
import WebSocket from 'ws';
import type { AppLogger } from '../../observability/app-logger.js';
import type { LimitTicket } from '../limits/rate-limiter.js';
import { RelayError } from '../relay-error.js';
import type { RealtimeBilling } from './realtime-billing.js';
import { RealtimeCounts, type SessionOutcome } from './realtime-metrics.js';
import { sessionTranscriptionModel, transcriptionUsage } from './realtime-transcription.js';
import { responseDoneUsage } from './realtime-usage.js';

/** A side holding more than this unsent pauses the other side's reads until it is down to LOW_WATER. */
const HIGH_WATER = 4 * 1024 * 1024;
const LOW_WATER = 1024 * 1024;

/**
 * The close codes the relay ends a session with. 1008 (policy violation) when the key, its user or a budget
 * cannot pay for the next response, after an `error` event saying so; 1001 when the server shuts down; 1011
 * when the other side vanished without a close frame. A close frame from either side is passed on as it came.
 */
export const CLOSE = { quota: 1008, goingAway: 1001, internal: 1011, normal: 1000 } as const;

/**
 * One Realtime session: the client's and the upstream's frames relayed both ways untouched (text and binary,
 * in order), each `response.done` of the upstream billed as it passes, either side's close passed on to the
 * other. The session's limits (its concurrency slot) and holds are given back once both sides are closed.
 */
export class RealtimeSession {
  private ended = false;
  private onEnd: (() => void) | undefined;
  private outcome: SessionOutcome = 'completed';
  /** The model the upstream transcribes the input audio with, as its session events last said; null when none. */
  private transcriptionModel: string | null = null;

  constructor(
    private readonly client: WebSocket,
    private readonly upstream: WebSocket,
    private readonly billing: RealtimeBilling,
    private readonly ticket: LimitTicket | undefined,
    private readonly log: AppLogger,
    private readonly requestId: string,
    private readonly counts = new RealtimeCounts(),
  ) {}

  /** Starts relaying; `onEnd` is told once the session is over and everything it held was given back. */
  start(onEnd: () => void, early: readonly { data: Buffer; isBinary: boolean }[]): void {
    this.onEnd = onEnd;
    // The session's running slot outlasts the Redis lease of a request's: renewed until the session ends.
    this.ticket?.holdOpen();
    const { client, upstream } = this;
    client.on('message', (data: Buffer, isBinary) => this.forward(upstream, client, data, isBinary));
    const fromUpstream = (data: Buffer, isBinary: boolean) => {
      this.forward(client, upstream, data, isBinary);
      if (!isBinary) this.read(data);
    };
    upstream.removeAllListeners('message');
    for (const frame of early) fromUpstream(frame.data, frame.isBinary);
    upstream.on('message', fromUpstream);
    upstream.resume();
    client.on('close', (code, reason) => this.closed(upstream, code, reason));
    upstream.on('close', (code, reason) => this.closed(client, code, reason));
    client.on('error', (error) => this.failed('client', error));
    upstream.on('error', (error) => this.failed('upstream', error));
  }

  /** Ends the session from the server's side (a shutdown): both sides are told. */
  close(code: number, reason: string): void {
    if (code === CLOSE.goingAway) this.outcome = 'shutdown';
    this.closeSide(this.client, code, reason);
    this.closeSide(this.upstream, code, reason);
  }

  /** Sends on, pausing the sender while the receiver has too much unsent (ws has no drain event: the send callback tells). */
  private forward(to: WebSocket, from: WebSocket, data: Buffer, isBinary: boolean): void {
    if (to.readyState !== WebSocket.OPEN) return;
    to.send(data, { binary: isBinary }, () => {
      if (from.isPaused && to.bufferedAmount <= LOW_WATER) from.resume();
    });
    if (to.bufferedAmount > HIGH_WATER && !from.isPaused) from.pause();
  }

  /**
   * Reads an upstream text frame for what is billed: a `response.done`'s usage, a completed input transcription's
   * (at the session's transcription model, which `session.created` and `session.updated` state), each found by a
   * byte search before any parse, so audio deltas cost no parse.
   */
  private read(data: Buffer): void {
    const usage = responseDoneUsage(data);
    if (usage) return void this.bill(() => this.billing.bill(usage), 'response').then((billed) => billed && (this.counts.responsesBilled += 1));
    const transcribed = transcriptionUsage(data);
    if (transcribed) {
      const model = this.transcriptionModel;
      if (model) return void this.bill(() => this.billing.billTranscription(model, transcribed), 'input transcription').then((billed) => billed && (this.counts.transcriptionsBilled += 1));
      this.log.warn({ reqId: this.requestId }, 'a Realtime input transcription was not billed: the session named no transcription model');
      return;
    }
    const model = sessionTranscriptionModel(data);
    if (model !== undefined) this.transcriptionModel = model;
  }

  /** Settles what `settle` bills; resolves to whether it was settled. */
  private async bill(settle: () => Promise<Error | undefined>, what: string): Promise<boolean> {
    let refusal: Error | undefined;
    try {
      refusal = await settle();
    } catch (error) {
      this.log.error({ err: error, reqId: this.requestId }, `a Realtime ${what} could not be settled`);
      return false;
    }
    this.ticket?.settle(this.billing.tokens);
    if (refusal && !this.ended) this.outOfQuota(refusal);
    return true;
  }

  /** The next response cannot be paid for: the client is told in an `error` event, then both sides are closed. */
  private outOfQuota(refusal: Error): void {
    const relayed = refusal instanceof RelayError ? refusal : undefined;
    const code = relayed?.code === 'budget_exceeded' ? 'budget_exceeded' : 'insufficient_quota';
    if (this.client.readyState === WebSocket.OPEN) {
      this.client.send(JSON.stringify(errorEvent(code, refusal.message)));
    }
    this.outcome = 'out_of_quota';
    this.close(CLOSE.quota, code);
  }

  private closed(other: WebSocket, code: number, reason: Buffer): void {
    // 1005 (no code) and 1006 (no close frame) are not sent in a frame: the nearest that can be is.
    const passed = code === 1005 ? CLOSE.normal : code === 1006 || !validCloseCode(code) ? CLOSE.internal : code;
    this.closeSide(other, passed, reason.toString('utf8'));
    if (this.client.readyState === WebSocket.CLOSED && this.upstream.readyState === WebSocket.CLOSED) this.end();
  }

  private failed(side: 'client' | 'upstream', error: Error): void {
    this.log.warn({ err: error, reqId: this.requestId, side }, 'a Realtime session connection failed');
    // ws closes the socket after an error; the close event ends the session.
  }

  private closeSide(socket: WebSocket, code: number, reason: string): void {
    if (socket.readyState === WebSocket.OPEN) socket.close(code, truncateReason(reason));
    else if (socket.readyState === WebSocket.CONNECTING) socket.terminate();
    // A peer that never answers the close frame is cut off, as ws itself does after 30 s.
    if (socket.readyState === WebSocket.CLOSING) setTimeout(() => socket.terminate(), 5_000).unref();
  }

  private end(): void {
    if (this.ended) return;
    this.ended = true;
    this.counts.end(this.outcome);
    void this.billing.close().finally(() => {
      this.ticket?.settle(this.billing.tokens);
      this.ticket?.end();
      this.onEnd?.();
    });
  }
}

/** A Realtime `error` event as OpenAI sends one. */
export function errorEvent(code: string, message: string) {
  return { type: 'error', event_id: `event_${randomBytes(12).toString('hex')}`, error: { type: code === 'insufficient_quota' ? 'insufficient_quota' : 'invalid_request_error', code, message, param: null, event_id: null } };
}

/** The close codes a frame may carry (RFC 6455 7.4, as ws checks them). */
const validCloseCode = (code: number) => (code >= 1000 && code <= 1014 && code !== 1004 && code !== 1005 && code !== 1006) || (code >= 3000 && code <= 4999);

/** A close reason is at most 123 bytes. */
function truncateReason(reason: string): string {
  const bytes = Buffer.from(reason, 'utf8');
  return bytes.length <= 123 ? reason : bytes.subarray(0, 120).toString('utf8').replace(/\uFFFD$/, '');
}
