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

// The events every converted answer has, also written directly (building and stringifying them was half of
// what a converted stream's events cost); each is tested to be byte for byte what sseEvent writes.

/** A content_block_stop event, as `sseEvent({ type: 'content_block_stop', index })` writes it. */
export const contentBlockStop = (index: number): string => `event: content_block_stop\ndata: {"type":"content_block_stop","index":${index}}\n\n`;

/** A text block's content_block_start, as `sseEvent({ type: 'content_block_start', index, content_block: { type: 'text', text: '' } })` writes it. */
export const textBlockStart = (index: number): string =>
  `event: content_block_start\ndata: {"type":"content_block_start","index":${index},"content_block":{"type":"text","text":""}}\n\n`;

/** The message_start of a converted answer, as sseEvent writes it: a message with no content yet and its estimated input. */
export const messageStart = (id: string, model: string, inputTokens: number): string =>
  `event: message_start\ndata: {"type":"message_start","message":{"id":${JSON.stringify(id)},"type":"message","role":"assistant","model":${JSON.stringify(model)},"content":[],"stop_reason":null,"stop_sequence":null,"usage":{"input_tokens":${JSON.stringify(inputTokens)},"cache_creation_input_tokens":0,"cache_read_input_tokens":0,"output_tokens":1}}}\n\n`;

/** The event that ends every answer. */
export const MESSAGE_STOP = 'event: message_stop\ndata: {"type":"message_stop"}\n\n';

/** Anthropic's own keep-alive, which clients (Claude Code) take as a sign of life on a silent stream. */
export const PING = 'event: ping\ndata: {"type": "ping"}\n\n';
