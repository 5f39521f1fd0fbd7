/**
 * One of Anthropic's named SSE events: `event: <type>` then the JSON, whose `type` repeats the name
 * (reference providers.md 2.4). Docs: https://docs.anthropic.com/en/api/messages-streaming
 */
export const sseEvent = (data: { type: string } & Record<string, unknown>): string => `event: ${data.type}\ndata: ${JSON.stringify(data)}\n\n`;

/**
 * A content_block_delta event, as `sseEvent({ type: 'content_block_delta', index, delta: { type: kind, [key]: value } })`
 * writes it, byte for byte, without building the event and walking it: most of a converted stream is these.
 */
export const contentBlockDelta = (index: number, kind: string, key: string, value: string): string =>
  `event: content_block_delta\ndata: {"type":"content_block_delta","index":${index},"delta":{"type":"${kind}","${key}":${JSON.stringify(value)}}}\n\n`;

/** Anthropic's own keep-alive, which clients (Claude Code) take as a sign of life on a silent stream. */
export const PING = 'event: ping\ndata: {"type": "ping"}\n\n';
