/**
 * Finds a quoted key in the lines of one upstream read, in order. The next occurrence found is remembered,
 * so a key that only appears near the read's end (usage) is searched for once per read, not once per line.
 * The search is for the key without its opening quote (`usage"`), whose first letter is far rarer in a
 * chunk than a quote, and the quote is checked where it is found: V8 finds a pattern by looking for its
 * first character, and a quote is every few characters in JSON (searching for `"usage"` over a read cost more than all the rest
 * of the test).
 */
class KeyFinder {
  private text: string | undefined;
  private from = 0;
  private at = -1;

  /** `name"`: the key's name and its closing quote. */
  private readonly key: string;

  constructor(name: string) {
    this.key = `${name}"`;
  }

  /** Drops the text searched last. */
  forget(): void {
    this.text = undefined;
  }

  /** The first occurrence at or after `start`, or -1. */
  next(text: string, start: number): number {
    const known = text === this.text && start >= this.from && (this.at === -1 || this.at >= start);
    if (!known) {
      this.text = text;
      this.from = start;
      this.at = text.indexOf(this.key, start);
    }
    return this.at;
  }

  /** Whether the quoted key occurs in `text[start, end)` followed by `opening`, with JSON whitespace allowed around its characters. */
  opens(text: string, start: number, end: number, opening: string): boolean {
    for (let at = this.next(text, start + 1); at !== -1 && at < end; at = this.next(text, at + 1)) {
      if (text.charCodeAt(at - 1) === QUOTE && reads(text, at + this.key.length, end, opening)) return true;
    }
    return false;
  }
}

const QUOTE = 0x22;
const isJsonSpace = (code: number) => code === 0x20 || code === 0x0a || code === 0x0d || code === 0x09;

function reads(text: string, from: number, end: number, characters: string): boolean {
  let i = from;
  for (let c = 0; c < characters.length; c += 1) {
    while (i < end && isJsonSpace(text.charCodeAt(i))) i += 1;
    if (i >= end || text.charCodeAt(i) !== characters.charCodeAt(c)) return false;
    i += 1;
  }
  return true;
}

/**
 * Tells whether an OpenAI stream payload is a chunk with choices and no usage object: one the relay
 * forwards as it is, reading its text only if the stream ends without usage. The keys are matched with
 * their unescaped quotes, which cannot occur inside a JSON string, so the chunk's own text cannot fake
 * them; anything else (usage, Azure's empty filter chunks, errors) is parsed. One per stream, since it
 * remembers where it found keys in the read it is going through.
 */
export class VerbatimChunkTest {
  private readonly choices = new KeyFinder('choices');
  private readonly usage = new KeyFinder('usage');

  test(text: string, start: number, end: number): boolean {
    return this.choices.opens(text, start, end, ':[{') && !this.usage.opens(text, start, end, ':{');
  }

  /**
   * Drops the read searched last. Between a stream's chunks nothing of the last one should stay reachable:
   * thousands of streams each holding their last read kept that much young memory alive at every
   * collection, to be copied and then promoted.
   */
  forget(): void {
    this.choices.forget();
    this.usage.forget();
  }
}
