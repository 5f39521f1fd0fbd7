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
