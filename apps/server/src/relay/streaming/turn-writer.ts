import type { ServerResponse } from 'node:http';
import type { Outgoing } from './stream-translation.js';

/** Bytes held for the end of a turn before they are written at once. */
const PENDING_LIMIT = 16 * 1024;

/**
 * What the relay writes for one upstream read leaves as one chunk in one system call: a read often holds
 * several events (a short answer whole, with its usage and its end), and every socket write cost about as
 * much as relaying the events it carried. Output waits until the read is handled (a tick: the events of
 * one read are relayed in one callback), or until it reaches PENDING_LIMIT, and once the answer's last
 * bytes are in (`holdForEnd`), it waits for the end. It used to wait for the end of the event loop's turn
 * (setImmediate), which kept every stream's output of the turn alive across young collections, for
 * thousands of concurrent streams a large part of their garbage collection.
 */
export class TurnWriter {
  /** Made by the first write of a read and dropped with its flush: an idle stream holds none. */
  private pending: Outgoing | undefined;
  private pendingSize = 0;
  /** A flush is due at the next tick. */
  private flushDue = false;
  /** The answer is all in: what is pending leaves with `end`. */
  private holding = false;
  /** Writes so far, and how many keep-alive ticks in a row saw none. */
  private writes = 0;
  private writesSeen = 0;
  private silentTicks = 0;

  /** Made once per stream, not once per read that writes. */
  private readonly flushPending = () => {
    if (!this.flushDue) return;
    this.flushDue = false;
    if (!this.holding) this.writePending();
  };

  constructor(private readonly raw: ServerResponse) {}

  /** False when the client is behind: wait for `drained` before writing more. */
  write(parts: Outgoing): boolean {
    if (parts.length === 0) return true;
    this.writes += 1;
    const pending = (this.pending ??= []);
    for (const part of parts) {
      pending.push(part);
      this.pendingSize += part.length;
    }
    if (this.pendingSize >= PENDING_LIMIT) return this.writePending();
    if (!this.flushDue && !this.holding) {
      this.flushDue = true;
      process.nextTick(this.flushPending);
    }
    return !this.raw.writableNeedDrain;
  }

  /**
   * The upstream's answer has all arrived: what is pending, and what is written until `end`, leaves with
   * the end, so that a short answer read at once is sent in one write.
   */
  holdForEnd(): void {
    this.holding = true;
  }

  /** Resolves when the client has taken what was written, or has gone (at once if it already has). */
  drained(): Promise<void> {
    // A client already gone sends no 'close' again: waiting for one would hold the request forever.
    if (this.raw.destroyed || !this.raw.writableNeedDrain) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        this.raw.off('drain', done).off('close', done);
        resolve();
      };
      this.raw.on('drain', done).on('close', done);
    });
  }

  /**
   * Called on a timer: after `ticks` calls in a row with nothing written in between, sends `text` (a
   * protocol's keep-alive event), so clients and proxies that give up on silent streams keep waiting.
   */
  tick(text: string, ticks = 3): void {
    this.silentTicks = this.writes === this.writesSeen ? this.silentTicks + 1 : 0;
    this.writesSeen = this.writes;
    if (this.silentTicks < ticks || this.raw.destroyed || this.raw.writableEnded) return;
    this.silentTicks = 0;
    this.write([text]);
    this.writesSeen = this.writes;
  }

  /** Ends the answer with what is pending and `text`. */
  end(text: string): void {
    this.cancelFlush();
    (this.pending ??= []).push(text);
    this.raw.end(this.takePending());
  }

  private writePending(): boolean {
    this.cancelFlush();
    const output = this.takePending();
    return this.raw.destroyed || this.raw.write(output);
  }

  /** The pending parts as one string or one buffer: the upstream's own slices are copied only when text must join them. */
  private takePending(): Buffer | string {
    const parts = this.pending;
    this.pending = undefined;
    this.pendingSize = 0;
    if (!parts) return '';
    if (parts.length === 1) return parts[0]!;
    if (parts.every((part) => typeof part === 'string')) return parts.join('');
    return Buffer.concat(parts.map((part) => (typeof part === 'string' ? Buffer.from(part) : part)));
  }

  private cancelFlush() {
    this.flushDue = false;
  }
}
