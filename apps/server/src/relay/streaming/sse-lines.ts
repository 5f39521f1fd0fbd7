import { StringDecoder } from 'node:string_decoder';

/** A single SSE line longer than this is not a stream we can relay. */
const MAX_LINE_CHARS = 16 * 1024 * 1024;

/**
 * Splits an upstream byte stream into event payloads as they arrive: the `data:` lines of SSE (`event:`
 * lines, comments and keep-alives are dropped, as one-api does) or every line of NDJSON. Only the
 * unfinished line is kept between chunks.
 */
export class StreamSplitter {
  private readonly decoder = new StringDecoder('utf8');
  private rest = '';

  constructor(private readonly framing: 'sse' | 'ndjson' = 'sse') {}

  private payload(line: string): string | undefined {
    if (this.framing === 'ndjson') return line.trim() || undefined;
    return line.startsWith('data:') ? line.slice(5).trim() : undefined;
  }

  push(chunk: Buffer): string[] {
    const text = this.rest + this.decoder.write(chunk);
    const payloads: string[] = [];
    let start = 0;
    for (let end = text.indexOf('\n'); end !== -1; end = text.indexOf('\n', start)) {
      const payload = this.payload(text.slice(start, end));
      start = end + 1;
      if (payload !== undefined) payloads.push(payload);
    }
    this.rest = text.slice(start);
    if (this.rest.length > MAX_LINE_CHARS) throw new Error('upstream stream line too long');
    return payloads;
  }

  /** A last line without a newline still counts. */
  end(): string[] {
    const payload = this.payload((this.rest + this.decoder.end()).trim());
    this.rest = '';
    return payload === undefined ? [] : [payload];
  }
}
