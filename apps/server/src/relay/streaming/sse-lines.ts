import { LineReader, payloadOf, type PayloadRange } from './line-reader.js';

/**
 * Splits an upstream byte stream into event payloads, as strings: the `data:` lines of SSE or every line
 * of NDJSON. The relay reads streams through LineReader directly; this is the plain form, for reading a
 * whole recorded stream (adaptor tests, a parser wrapping another).
 */
export class StreamSplitter {
  private readonly lines = new LineReader();
  private readonly range: PayloadRange = { start: -1, end: -1 };

  constructor(private readonly framing: 'sse' | 'ndjson' = 'sse') {}

  push(chunk: Buffer): string[] {
    const payloads: string[] = [];
    this.lines.push(chunk, (bytes, text, start, end) => this.collect(payloads, bytes, text, start, end));
    return payloads;
  }

  end(): string[] {
    const payloads: string[] = [];
    this.lines.end((bytes, text, start, end) => this.collect(payloads, bytes, text, start, end));
    return payloads;
  }

  private collect(payloads: string[], bytes: Buffer, text: string, start: number, end: number) {
    payloadOf(this.framing, text, start, end, this.range);
    if (this.range.start !== -1) payloads.push(bytes.toString('utf8', this.range.start, this.range.end));
  }
}
