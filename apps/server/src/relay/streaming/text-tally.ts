type Counter = (text: string) => number;

/** Text kept before it is counted: bounds a stream's memory whatever the answer's length. */
const FOLD_AT_CHARS = 64 * 1024;

/**
 * Counts the text of an answer for when the upstream reports no usage. Short answers are kept whole and
 * counted once at the end; longer ones are counted in slices as they pass.
 */
export class TextTally {
  private pending = '';
  private folded = 0;

  constructor(private readonly counter: () => Promise<Counter>) {}

  async add(text: string): Promise<void> {
    if (!text) return;
    this.pending += text;
    if (this.pending.length >= FOLD_AT_CHARS) {
      this.folded += (await this.counter())(this.pending);
      this.pending = '';
    }
  }

  async total(): Promise<number> {
    return this.folded + (this.pending ? (await this.counter())(this.pending) : 0);
  }
}
