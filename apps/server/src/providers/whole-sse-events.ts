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
  return Math.max(end('\n\n'), end('\r\n\r\n'), end('\r\r'));
}
