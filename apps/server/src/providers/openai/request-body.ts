/**
 * Changes the relay makes to an OpenAI request body. The body is edited as parsed JSON, so every field
 * the client sent, known or not, is kept (one-api re-serialised through a struct and dropped unknown ones).
 */
export interface BodyChanges {
  /** The upstream model name when the channel maps it. */
  model?: string;
  /** The channel's system prompt, replacing the client's first system message or prepended. */
  systemPrompt?: string;
  /** Ask the upstream for usage in the last stream chunk. */
  includeUsage?: boolean;
}

export type JsonObject = Record<string, unknown>;

export function needsRewrite(body: JsonObject, changes: BodyChanges): boolean {
  return (
    (changes.model !== undefined && changes.model !== body.model) ||
    (changes.systemPrompt !== undefined && changes.systemPrompt !== '' && Array.isArray(body.messages)) ||
    (changes.includeUsage === true && body.stream === true && (body.stream_options as JsonObject | undefined)?.include_usage !== true)
  );
}

/** The one change to make is asking for usage, and the client sent no stream_options to merge it into. */
export function onlyUsageToAsk(body: JsonObject, changes: BodyChanges): boolean {
  const modelKept = changes.model === undefined || changes.model === body.model;
  const promptKept = changes.systemPrompt === undefined || changes.systemPrompt === '' || !Array.isArray(body.messages);
  return changes.includeUsage === true && body.stream === true && body.stream_options === undefined && modelKept && promptKept;
}

const ASK_USAGE = Buffer.from(',"stream_options":{"include_usage":true}');

/**
 * The client's bytes with `stream_options.include_usage` added before the object's closing brace: the ask
 * every stream to most vendors carries (relay-plan.ts), made without decoding and re-encoding the whole
 * body. Undefined when the bytes do not end a non-empty object (the caller re-encodes then).
 */
export function withUsageAsked(raw: Buffer): Buffer | undefined {
  let end = raw.length - 1;
  while (end >= 0 && isJsonSpace(raw[end] ?? 0)) end -= 1;
  let before = end - 1;
  while (before >= 0 && isJsonSpace(raw[before] ?? 0)) before -= 1;
  if (end < 1 || raw[end] !== 0x7d || raw[before] === 0x7b) return undefined;
  return Buffer.concat([raw.subarray(0, end), ASK_USAGE, raw.subarray(end)]);
}

const isJsonSpace = (byte: number) => byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09;

export function rewriteBody(body: JsonObject, changes: BodyChanges): JsonObject {
  const next: JsonObject = { ...body };
  if (changes.model !== undefined) next.model = changes.model;
  if (changes.systemPrompt && Array.isArray(body.messages)) {
    const messages = [...(body.messages as JsonObject[])];
    if (messages[0]?.role === 'system') messages[0] = { ...messages[0], content: changes.systemPrompt };
    else messages.unshift({ role: 'system', content: changes.systemPrompt });
    next.messages = messages;
  }
  if (changes.includeUsage && body.stream === true) next.stream_options = { ...((body.stream_options as JsonObject | undefined) ?? {}), include_usage: true };
  return next;
}
