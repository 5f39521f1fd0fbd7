/** A single line longer than this is not a stream we can relay. */
const MAX_LINE_BYTES = 16 * 1024 * 1024;

/**
 * Receives one complete line as `bytes[start, end)`, without its newline. `text` is the same bytes read
 * one character per byte (latin1): ASCII is found in it at its byte offsets, with the engine's fast
 * string search, and only what must be understood is decoded as UTF-8.
 */
export type LineSink = (bytes: Buffer, text: string, start: number, end: number) => void;

/**
 * Splits an upstream byte stream into lines as it arrives, without decoding it: a newline byte never
 * occurs inside a multi-byte UTF-8 character, so lines can be found in the bytes and decoded (or not)
 * one by one. Only the unfinished line is kept between chunks.
 */
export class LineReader {
  private rest: Buffer | undefined;

  push(chunk: Buffer, line: LineSink): void {
    const bytes = this.rest ? Buffer.concat([this.rest, chunk]) : chunk;
    const text = bytes.toString('latin1');
    let start = 0;
    for (let end = text.indexOf('\n'); end !== -1; end = text.indexOf('\n', start)) {
      line(bytes, text, start, end);
      start = end + 1;
    }
    this.rest = start < bytes.length ? bytes.subarray(start) : undefined;
    if (this.rest && this.rest.length > MAX_LINE_BYTES) throw new Error('upstream stream line too long');
  }

  /** A last line without a newline still counts. */
  end(line: LineSink): void {
    const rest = this.rest;
    this.rest = undefined;
    if (rest) line(rest, rest.toString('latin1'), 0, rest.length);
  }
}

/** Where the event payload of one line lies, trimmed; `start === -1` when the line carries none. */
export interface PayloadRange {
  start: number;
  end: number;
}

/** Space, tab and carriage return: what SSE and NDJSON lines may carry around their payload. */
const isBlank = (code: number) => code === 0x20 || code === 0x09 || code === 0x0d;

/**
 * The payload of a line: the value of an SSE `data:` line (`event:` lines, comments and keep-alives carry
 * none, and are dropped as one-api drops them), or the whole of an NDJSON line. Written into `range` so a
 * stream's thousands of lines allocate nothing here.
 */
export function payloadOf(framing: 'sse' | 'ndjson', text: string, start: number, end: number, range: PayloadRange): void {
  let from = start;
  if (framing === 'sse') {
    if (!text.startsWith('data:', start) || end - start < 5) {
      range.start = -1;
      return;
    }
    from += 5;
  }
  let to = end;
  while (from < to && isBlank(text.charCodeAt(from))) from += 1;
  while (to > from && isBlank(text.charCodeAt(to - 1))) to -= 1;
  range.start = framing === 'ndjson' && from === to ? -1 : from;
  range.end = to;
}
