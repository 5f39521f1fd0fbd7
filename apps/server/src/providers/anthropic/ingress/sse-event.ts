/**
 * One of Anthropic's named SSE events: `event: <type>` then the JSON, whose `type` repeats the name
 * (reference providers.md 2.4). Docs: https://docs.anthropic.com/en/api/messages-streaming
 */
export const sseEvent = (data: { type: string } & Record<string, unknown>): string => `event: ${data.type}\ndata: ${JSON.stringify(data)}\n\n`;

/** Anthropic's own keep-alive, which clients (Claude Code) take as a sign of life on a silent stream. */
export const PING = 'event: ping\ndata: {"type": "ping"}\n\n';
