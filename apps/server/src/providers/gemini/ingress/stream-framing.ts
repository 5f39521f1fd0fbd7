/**
 * The two ways streamGenerateContent frames its GenerateContentResponses (reference providers.md 3.4):
 * with `alt=sse`, one `data:` event each, separated as Google separates them (`\r\n\r\n`); without, one
 * JSON array written as it grows (`[{…}`, then `,\r\n{…}` for each next one, and `]` at the end).
 * Docs: https://ai.google.dev/api/generate-content#method:-models.streamgeneratecontent
 */
export type StreamMode = 'sse' | 'array';

export interface StreamFraming {
  /** One response, framed. */
  event(json: string): string;
  /** What closes the stream. */
  close(): string;
  /** What keeps a silent stream open: an SSE comment, or whitespace between the array's elements. */
  keepAlive: string;
}

export function streamFraming(mode: StreamMode): StreamFraming {
  if (mode === 'sse') return { event: (json) => `data: ${json}\r\n\r\n`, close: () => '', keepAlive: ': keep-alive\r\n\r\n' };
  let started = false;
  return {
    event(json) {
      const separator = started ? ',\r\n' : '[';
      started = true;
      return separator + json;
    },
    close: () => (started ? ']' : '[]'),
    keepAlive: '\r\n',
  };
}
