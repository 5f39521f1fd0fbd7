import { errors } from 'undici';
import type { BodySink, PushedBody } from '../providers/upstream-response.js';

/** Bytes a chunk-by-chunk reader may fall behind before the upstream connection is paused. */
const HIGH_WATER_MARK = 64 * 1024;

type State = 'open' | 'ended' | 'failed' | 'destroyed';

/** The connection an answer arrives on, as far as its body needs it. */
export interface BodySource {
  pause(): void;
  resume(): void;
  abort(reason: Error): void;
}

/**
 * An upstream answer's body as undici's dispatcher hands it over, queued for one reader who takes it
 * whole (`bytes`, `text`), chunk by chunk (`for await`), or pushed to a sink as it arrives (`pipeTo`,
 * the relay's streams). It replaces the Node Readable that undici's `request` wraps every answer in, whose
 * events, ticks and async-resource bookkeeping the relay paid for on every call without using them. A
 * chunk reader that falls more than HIGH_WATER_MARK behind, or a sink that pauses, holds the connection
 * back until it catches up; destroying the body mid-answer aborts the request.
 */
export class QueuedBody implements PushedBody {
  private chunks: Buffer[] = [];
  private queuedBytes = 0;
  private state: State = 'open';
  private failure: Error | undefined;
  private paused = false;
  /** A whole-body reader takes everything: the connection is never paused for it. */
  private readingWhole = false;
  private wake: (() => void) | undefined;
  private sink: BodySink | undefined;
  /** The sink asked to be paused. */
  private held = false;
  /** The sink was told how the body ended. */
  private sinkTold = false;

  constructor(private readonly source: BodySource) {}

  /** A chunk from the upstream. */
  push(chunk: Buffer): void {
    if (this.state !== 'open') return;
    if (this.sink && !this.held && this.chunks.length === 0) return this.sink.data(chunk);
    this.chunks.push(chunk);
    this.queuedBytes += chunk.length;
    if (!this.readingWhole && !this.paused && (this.held || this.queuedBytes >= HIGH_WATER_MARK)) {
      this.paused = true;
      this.source.pause();
    }
    this.notify();
  }

  end(): void {
    if (this.state === 'open') this.state = 'ended';
    this.notify();
    this.feedSink();
  }

  fail(error: Error): void {
    if (this.state === 'open') {
      this.state = 'failed';
      this.failure = error;
    }
    this.notify();
    this.feedSink();
  }

  async firstBytes(): Promise<boolean> {
    while (this.chunks.length === 0 && this.state === 'open') await this.changed();
    if (this.chunks.length > 0) return true;
    if (this.state === 'ended') return false;
    throw this.endedBadly();
  }

  pipeTo(sink: BodySink): void {
    this.sink = sink;
    this.feedSink();
  }

  pause(): void {
    this.held = true;
  }

  resume(): void {
    this.held = false;
    this.feedSink();
    if (!this.held && this.paused) {
      this.paused = false;
      this.source.resume();
    }
  }

  /** Hands the sink what is queued, then how the body ended once it has; stops as soon as the sink pauses. */
  private feedSink() {
    const sink = this.sink;
    if (!sink) return;
    while (!this.held && this.state !== 'destroyed') {
      const chunk = this.chunks.shift();
      if (!chunk) break;
      this.queuedBytes -= chunk.length;
      sink.data(chunk);
    }
    if (this.held || this.chunks.length > 0 || this.sinkTold || this.state === 'open' || this.state === 'destroyed') return;
    this.sinkTold = true;
    if (this.state === 'ended') sink.end();
    else sink.fail(this.endedBadly());
  }

  /** Stops reading: an answer still arriving is aborted, and what was queued is dropped. */
  destroy(): void {
    if (this.state === 'open') {
      this.state = 'destroyed';
      this.source.abort(new errors.RequestAbortedError('the upstream answer was abandoned'));
    }
    this.chunks = [];
    this.queuedBytes = 0;
    this.notify();
  }

  async bytes(): Promise<Buffer> {
    const chunks = await this.whole();
    return chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks);
  }

  async text(): Promise<string> {
    return (await this.bytes()).toString('utf8');
  }

  [Symbol.asyncIterator](): AsyncIterator<Uint8Array> {
    return {
      next: () => this.next(),
      // A reader that stops early (break, throw) leaves the rest of the answer unread.
      return: () => {
        this.destroy();
        return Promise.resolve({ done: true, value: undefined });
      },
    };
  }

  private async next(): Promise<IteratorResult<Uint8Array>> {
    for (;;) {
      const chunk = this.chunks.shift();
      if (chunk) {
        this.queuedBytes -= chunk.length;
        if (this.paused && this.queuedBytes < HIGH_WATER_MARK) {
          this.paused = false;
          this.source.resume();
        }
        return { done: false, value: chunk };
      }
      if (this.state === 'ended') return { done: true, value: undefined };
      if (this.state !== 'open') throw this.endedBadly();
      await this.changed();
    }
  }

  private async whole(): Promise<Buffer[]> {
    this.readingWhole = true;
    if (this.paused) {
      this.paused = false;
      this.source.resume();
    }
    while (this.state === 'open') await this.changed();
    if (this.state !== 'ended') throw this.endedBadly();
    return this.chunks;
  }

  private endedBadly(): Error {
    return this.failure ?? new errors.RequestAbortedError('the upstream answer was abandoned');
  }

  private changed(): Promise<void> {
    return new Promise((resolve) => {
      this.wake = resolve;
    });
  }

  private notify() {
    const wake = this.wake;
    this.wake = undefined;
    wake?.();
  }
}
