type Counter = (text: string) => number;

/** Text kept before it is counted: bounds a stream's memory whatever the answer's length. */
const FOLD_AT_CHARS = 64 * 1024;
/**
 * Unread events kept at most. Each holds a read of the upstream's bytes (a buffer with its own overhead,
 * far larger than the text in it), so a long stream of small events must not pile them up: 1,000 streams
 * of 240 events each grew the process by 250 MB in a minute when only their size was bounded.
 */
const MAX_UNREAD = 32;
/**
 * Texts added are joined into one string every this many. A string grown by `+=` is a tree with a node per
 * piece, tens of bytes each, more than a streamed token's own text: 1,000 streams of 60 s grew by 23 MB.
 */
const PIECES_PER_JOIN = 64;

/**
 * Counts the text of an answer for when the upstream reports no usage. Short answers are kept whole and
 * counted once at the end; longer ones are counted in slices as they pass.
 */
export class TextTally {
  /** Text not counted yet: `pending`, then the `pieces` added since they were last joined into it. */
  private pending = '';
  private pieces: string[] = [];
  private pendingLength = 0;
  /** Slices already taken out of `pending`, counted when the total is asked for (the encoder loads lazily). */
  private readonly slices: string[] = [];
  private folded = 0;
  /** Readers of text not read out of its events yet, and the size of what they hold. */
  private unread: (() => string)[] = [];
  private unreadSize = 0;
  /** Read whenever the total is asked for: text kept elsewhere (a stream's unread payloads). */
  private readonly readAtTotal: (() => string)[] = [];

  constructor(private readonly counter: () => Promise<Counter>) {}

  /** Synchronous, so relaying an event costs no extra turn of the event loop. */
  add(text: string): void {
    if (!text) return;
    this.pieces.push(text);
    this.pendingLength += text.length;
    if (this.pendingLength >= FOLD_AT_CHARS) {
      this.slices.push(this.joinPending());
      this.pending = '';
      this.pendingLength = 0;
      this.foldSlices().catch(() => undefined); // retried, and reported, by total()
    } else if (this.pieces.length >= PIECES_PER_JOIN) {
      this.joinPending();
    }
  }

  /** Text read only if the total is asked for, or once the events waiting hold too much. */
  later(text: { read: () => string; size: number }): void {
    this.unread.push(text.read);
    this.unreadSize += text.size;
    if (this.unreadSize >= FOLD_AT_CHARS || this.unread.length >= MAX_UNREAD) this.readUnread();
  }

  /** `read` gives text kept outside the tally; it is asked for what it holds each time the total is. */
  atTotal(read: () => string): void {
    this.readAtTotal.push(read);
  }

  async total(): Promise<number> {
    for (const read of this.readAtTotal) this.add(read());
    this.readUnread();
    await this.foldSlices();
    const pending = this.joinPending();
    return this.folded + (pending ? (await this.counter())(pending) : 0);
  }

  /** Joins the pieces added into `pending`, and gives it. */
  private joinPending(): string {
    if (this.pieces.length > 0) {
      this.pending += this.pieces.length === 1 ? this.pieces[0] : this.pieces.join('');
      this.pieces = [];
    }
    return this.pending;
  }

  private readUnread() {
    const readers = this.unread;
    this.unread = [];
    this.unreadSize = 0;
    for (const read of readers) this.add(read());
  }

  /** Counts the slices set aside so far, so a long answer's text is not held until the end. */
  private async foldSlices(): Promise<void> {
    if (this.slices.length === 0) return;
    const count = await this.counter();
    for (let slice = this.slices.shift(); slice !== undefined; slice = this.slices.shift()) this.folded += count(slice);
  }
}
