import { StringDecoder } from 'node:string_decoder';

/**
 * A full SSE reader, for the few upstreams whose event names or extra fields carry meaning (Replicate's
 * `event: output`/`done`, Zhipu v3's `event: add`/`finish` with a `meta:` line). The relay's own
 * splitter keeps only `data:` payloads, so these adaptors read the events themselves and hand the relay
 * one JSON object per line instead.
 */
export interface SseEvent {
  /** `message` when the event names none, as the SSE spec says. */
  event: string;
  /** The event's `data:` lines joined with `\n`. */
  data: string;
  /** Other fields (`id`, Zhipu's `meta`), the last value of each. */
  fields: Record<string, string>;
}

export interface SseReaderOptions {
  /**
   * Drop the one space after the colon, as the SSE spec says (Replicate). Zhipu v3 puts the token right
   * after `data:`, its leading space included, so there the value is taken verbatim (as one-api does).
   */
  stripOneSpace: boolean;
}

/** Splits a byte stream into SSE events; separators `\n\n`, `\r\n\r\n` and `\r\r` (reference 0.2). */
export class SseEventReader {
  private readonly decoder = new StringDecoder('utf8');
  private rest = '';
  private current: { event?: string; data: string[]; fields: Record<string, string> } = { data: [], fields: {} };

  constructor(private readonly options: SseReaderOptions) {}

  push(chunk: Buffer): SseEvent[] {
    return this.lines(this.rest + this.decoder.write(chunk), false);
  }

  /** The last event, even without its blank line. */
  end(): SseEvent[] {
    const events = this.lines(this.rest + this.decoder.end(), true);
    const last = this.flush();
    return last ? [...events, last] : events;
  }

  private lines(text: string, final: boolean): SseEvent[] {
    const events: SseEvent[] = [];
    const pattern = /\r\n|\r|\n/g;
    let start = 0;
    for (let match = pattern.exec(text); match; match = pattern.exec(text)) {
      // A lone \r at the end of a chunk may be the first half of \r\n: wait for the next chunk.
      if (!final && match[0] === '\r' && match.index === text.length - 1) break;
      const event = this.line(text.slice(start, match.index));
      if (event) events.push(event);
      start = match.index + match[0].length;
    }
    this.rest = text.slice(start);
    if (final && this.rest) {
      const event = this.line(this.rest);
      if (event) events.push(event);
      this.rest = '';
    }
    return events;
  }

  private line(line: string): SseEvent | undefined {
    if (line === '') return this.flush();
    if (line.startsWith(':')) return undefined;
    const colon = line.indexOf(':');
    const name = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (this.options.stripOneSpace && value.startsWith(' ')) value = value.slice(1);
    if (name === 'data') this.current.data.push(value);
    else if (name === 'event') this.current.event = value.trim();
    else this.current.fields[name] = value;
    return undefined;
  }

  private flush(): SseEvent | undefined {
    const { event, data, fields } = this.current;
    this.current = { data: [], fields: {} };
    if (event === undefined && data.length === 0 && Object.keys(fields).length === 0) return undefined;
    return { event: event ?? 'message', data: data.join('\n'), fields };
  }
}

/** The events of an upstream SSE body as they arrive; the body is released when the reading stops. */
export async function* sseEvents(body: AsyncIterable<Uint8Array> & { destroy(): void }, options: SseReaderOptions): AsyncGenerator<SseEvent> {
  const reader = new SseEventReader(options);
  try {
    for await (const chunk of body) yield* reader.push(Buffer.from(chunk));
    yield* reader.end();
  } finally {
    body.destroy();
  }
}

/** One JSON object per line, the NDJSON framing the relay reads for re-framed streams. */
export const ndjsonLine = (value: unknown): string => `${JSON.stringify(value)}\n`;
