import { StringDecoder } from 'node:string_decoder';

/** A single SSE line longer than this is not a stream we can relay. */
const MAX_LINE_CHARS = 16 * 1024 * 1024;

/**
 * Splits an upstream byte stream into `data:` payloads as they arrive. Only the unfinished line is kept
 * between chunks; `event:` lines, comments and keep-alives are dropped, as one-api does.
 */
export class SseDataSplitter {
  private readonly decoder = new StringDecoder('utf8');
  private rest = '';

  push(chunk: Buffer): string[] {
    const text = this.rest + this.decoder.write(chunk);
    const payloads: string[] = [];
    let start = 0;
    for (let end = text.indexOf('\n'); end !== -1; end = text.indexOf('\n', start)) {
      const line = text.slice(start, end);
      start = end + 1;
      if (line.startsWith('data:')) payloads.push(line.slice(5).trim());
    }
    this.rest = text.slice(start);
    if (this.rest.length > MAX_LINE_CHARS) throw new Error('upstream stream line too long');
    return payloads;
  }

  /** A last line without a newline still counts. */
  end(): string[] {
    const line = (this.rest + this.decoder.end()).trim();
    this.rest = '';
    return line.startsWith('data:') ? [line.slice(5).trim()] : [];
  }
}
