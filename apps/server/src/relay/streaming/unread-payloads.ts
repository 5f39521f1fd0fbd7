/**
 * Bytes of payloads kept unread at most, which keeps a stream's memory flat whatever the answer's length
 * (with 16 KiB, 1,000 streams of 60 s held 35 MB more after a minute). A payload that would not fit has what
 * is kept read out (decoded, handed on as text) first: checked after adding instead, the store grew to
 * 8 KiB, 4 KiB more per long stream.
 */
const STORE_BYTES = 4096;
/** The store's first size; it doubles as needed, to STORE_BYTES (more only for a payload larger than that). */
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

  /**
   * Keeps `source[start, end)`. When the store has no room left for it, what it held is read out first and
   * given back, as text to be counted; '' otherwise.
   */
  add(source: Buffer, start: number, end: number): string {
    const length = end - start + 1;
    const spilled = this.size > 0 && this.size + length > STORE_BYTES ? this.read() : '';
    if (!this.bytes || this.size + length > this.bytes.length) this.grow(this.size + length);
    const bytes = this.bytes!;
    this.lastStart = this.size;
    this.size += source.copy(bytes, this.size, start, end);
    bytes[this.size++] = NEWLINE;
    return spilled;
  }

  /** The text of every payload kept, in order; the store is empty after. */
  read(): string {
    if (this.size === 0 || !this.bytes) return '';
    const payloads = this.bytes.toString('utf8', 0, this.size - 1).split('\n');
    // Decoded on its own: a piece of the split keeps the whole decoded store alive (4 KB a long stream held).
    this.lastRead = this.last();
    this.size = 0;
    this.lastStart = -1;
    // A store grown for one large payload is not kept at that size for the rest of the stream.
    if (this.bytes.length > STORE_BYTES) this.bytes = undefined;
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
