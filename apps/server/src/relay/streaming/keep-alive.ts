import type { TurnWriter } from './turn-writer.js';

/** A keep-alive goes out after about this long without anything sent to the client (three silent ticks). */
export const KEEP_ALIVE_MS = 15_000;

/**
 * The keep-alive ticks of every open stream, from one timer: a timer of its own cost each stream a timer
 * made, inserted in Node's timer list and cancelled, for a tick that a short answer never sees. A stream
 * opened between two ticks has its first tick sooner, so its keep-alive goes after 10 to 15 s of silence.
 */
class KeepAliveTicker {
  private readonly streams = new Map<TurnWriter, string>();
  private timer: NodeJS.Timeout | undefined;

  /** Ticks `writer` with its protocol's keep-alive `text` until `remove`. */
  add(writer: TurnWriter, text: string): void {
    this.streams.set(writer, text);
    this.timer ??= setInterval(() => this.tick(), KEEP_ALIVE_MS / 3);
  }

  remove(writer: TurnWriter): void {
    this.streams.delete(writer);
    // No stream open: no timer left to wake an idle process.
    if (this.streams.size === 0 && this.timer) {
      clearInterval(this.timer);
      this.timer = undefined;
    }
  }

  private tick(): void {
    for (const [writer, text] of this.streams) writer.tick(text);
  }
}

export const keepAlives = new KeepAliveTicker();
