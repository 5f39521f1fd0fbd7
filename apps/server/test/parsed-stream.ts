import type { StreamEvent, StreamParser } from '../src/providers/adaptor.js';
import { StreamSplitter } from '../src/relay/streaming/sse-lines.js';

/** What a stream parser made of an upstream's bytes: its events, the payloads it forwards, and those parsed as chunks. */
export interface ParsedStream {
  events: StreamEvent[];
  forward: string[];
  /** The forwarded payloads but `[DONE]`, as JSON. */
  chunks: Record<string, unknown>[];
}

/**
 * The events of a stream fed to a parser as the relay feeds it: split by the parser's framing, a last
 * unterminated payload at the end of the bytes, then the parser's own end (a protocol with no end marker
 * closes the answer there).
 */
function collect(parser: StreamParser, splitter: StreamSplitter, events: StreamEvent[]): ParsedStream {
  events.push(...splitter.end().map((data) => parser.event(data)));
  const last = parser.end?.();
  if (last) events.push(last);
  const forward = events.flatMap((event) => event.forward);
  return { events, forward, chunks: forward.filter((data) => data !== '[DONE]').map((data) => JSON.parse(data) as Record<string, unknown>) };
}

/** A whole recorded stream, in one piece. */
export function parseStream(parser: StreamParser, bytes: string): ParsedStream {
  const splitter = new StreamSplitter(parser.framing);
  return collect(parser, splitter, splitter.push(Buffer.from(bytes)).map((data) => parser.event(data)));
}

/** A stream as it arrives, piece by piece (an upstream's body, or a re-framing transform's output). */
export async function parseStreamPieces(parser: StreamParser, pieces: AsyncIterable<string | Uint8Array>): Promise<ParsedStream> {
  const splitter = new StreamSplitter(parser.framing);
  const events: StreamEvent[] = [];
  for await (const piece of pieces) events.push(...splitter.push(Buffer.from(piece)).map((data) => parser.event(data)));
  return collect(parser, splitter, events);
}

/** The first choice of each chunk; undefined for the usage chunk, which has none. */
export const firstChoices = (chunks: Record<string, unknown>[]): unknown[] => chunks.map((chunk) => (chunk.choices as unknown[])[0]);
