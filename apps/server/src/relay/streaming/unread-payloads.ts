/**
 * Bytes of payloads kept unread at most: past it they are read (decoded) and handed on as text. Three
 * quarters of a 4 KiB store, so that payloads of up to a KiB (a streamed chunk is a few hundred bytes) never
 * grow it to 8 KiB (with a 4 KiB bound, which the store crossed, each long stream held 4 KiB more).
 */
const READ_AT_BYTES = 3072;
/** The store's first size; it doubles as needed, to 4 KiB for payloads of up to a KiB. */
const FIRST_SIZE = 1024;
const NEWLINE = 0x0a;

/**
 * The payloads of events sent on as the upstream's bytes, copied into one buffer (newline-separated: an
 * SSE payload holds no newline) to be read only if the stream ends without usage. A stream's thousands of
 * events then cost a copy each, not a held read with its buffer, closure and offsets: a few hundred bytes
 * of garbage per event that 2,000 concurrent streams kept alive past every young collection.
 */
export class UnreadPayloads {
  private bytes: Buffer | undefined;
  private size = 0;
  /** Where the last payload added starts in `bytes`; -1 once it was read out, and `lastRead` holds it. */
  private lastStart = -1;
  private lastRead: string | undefined;

  constructor(private readonly textOf: (payload: string) => string) {}

  /** Keeps `source[start, end)`; true once the store should be read out (it holds READ_AT_BYTES or more). */
  add(source: Buffer, start: number, end: number): boolean {
    const needed = this.size + (end - start) + 1;
    if (!this.bytes || needed > this.bytes.length) this.grow(needed);
    const bytes = this.bytes!;
    this.lastStart = this.size;
    this.size += source.copy(bytes, this.size, start, end);
    bytes[this.size++] = NEWLINE;
    return this.size >= READ_AT_BYTES;
  }

  /** The text of every payload kept, in order; the store is empty after. */
  read(): string {
    if (this.size === 0 || !this.bytes) return '';
    const payloads = this.bytes.toString('utf8', 0, this.size - 1).split('\n');
    // Decoded on its own: a piece of the split keeps the whole decoded store alive (4 KB a long stream held).
    this.lastRead = this.last();
    this.size = 0;
    this.lastStart = -1;
    // Joined rather than added up: `+=` would leave a node per payload for as long as the text is kept.
    return payloads.map((payload) => this.textOf(payload)).join('');
  }

  /** The last payload added, read out or not: whether a stream that ended without its end marker finished its answer. */
  last(): string | undefined {
    if (this.lastStart >= 0 && this.bytes) return this.bytes.toString('utf8', this.lastStart, this.size - 1);
    return this.lastRead;
  }

  private grow(needed: number) {
    let length = this.bytes?.length ?? FIRST_SIZE;
    while (length < needed) length *= 2;
    const grown = Buffer.allocUnsafe(length);
    this.bytes?.copy(grown, 0, 0, this.size);
    this.bytes = grown;
  }
}
