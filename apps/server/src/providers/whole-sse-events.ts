/**
 * Cuts a passed-through SSE stream only between events: each read goes on up to the end of its last
 * complete event and the rest waits for the next read, so that a keep-alive written between reads never
 * lands inside an event. Separators `\n\n`, `\r\n\r\n` and `\r\r` (reference providers.md 0.2).
 */
export class WholeSseEvents {
  private held: Buffer | undefined;

  /** The complete events of what has come so far, as the upstream's own bytes; nothing if none is complete. */
  push(chunk: Buffer): Buffer | undefined {
    const bytes = this.held ? Buffer.concat([this.held, chunk]) : chunk;
    const end = lastEventEnd(bytes.toString('latin1'));
    this.held = end < bytes.length ? bytes.subarray(end) : undefined;
    return end > 0 ? bytes.subarray(0, end) : undefined;
  }

  /** What is left when the upstream ends: a last event without its blank line. */
  end(): Buffer | undefined {
    const rest = this.held;
    this.held = undefined;
    return rest;
  }
}

function lastEventEnd(text: string): number {
  const end = (separator: string) => {
    const at = text.lastIndexOf(separator);
    return at === -1 ? 0 : at + separator.length;
  };
  // Most streams end their lines with \n alone: one search then, not three searches back through the whole read.
  if (!text.includes('\r')) return end('\n\n');
  return Math.max(end('\n\n'), end('\r\n\r\n'), end('\r\r'));
}

/**
 * The data of each event in `text`, made of whole events as WholeSseEvents cuts them (the last may lack its
 * blank line): an event's `data:` lines joined with `\n`, the one space after the colon dropped, as the SSE
 * spec reads them; an event without data (a comment, a lone `event:` line) gives nothing. Line ends may be
 * `\n`, `\r\n` or `\r`. Events cut whole need no state between reads, so this is one pass of plain string
 * searches instead of a stateful reader per stream.
 */
export function eachEventData(text: string, visit: (data: string) => void): void {
  const lines = text.includes('\r') ? text.replace(/\r\n?/g, '\n') : text;
  let data: string | undefined;
  for (let start = 0; start <= lines.length; ) {
    let end = lines.indexOf('\n', start);
    if (end === -1) end = lines.length;
    if (end === start) {
      if (data !== undefined) visit(data);
      data = undefined;
    } else if (lines.startsWith('data', start) && (end === start + 4 || lines.charCodeAt(start + 4) === COLON)) {
      let from = Math.min(start + 5, end);
      if (lines.charCodeAt(from) === SPACE && from < end) from += 1;
      const value = lines.slice(from, end);
      data = data === undefined ? value : `${data}\n${value}`;
    }
    start = end + 1;
  }
  if (data !== undefined) visit(data);
}

const COLON = 0x3a;
const SPACE = 0x20;
