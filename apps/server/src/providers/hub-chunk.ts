/**
 * A hub stream's payload as the ingress stream writers read it: an OpenAI `chat.completion.chunk` with the
 * hub's extensions (reasoning, a converted Claude's thinking signature, Gemini's thought signature on a
 * call), or `{"error":…}` when the upstream failed mid-stream. Every field is optional: the writers read
 * what a converting adaptor wrote, and an adaptor writes only what its upstream said.
 */
export interface HubToolCallDelta {
  index?: number;
  id?: string;
  function?: { name?: string; arguments?: string };
  extra_content?: { google?: { thought_signature?: unknown } };
}

export interface HubDelta {
  content?: unknown;
  reasoning_content?: unknown;
  thinking_signature?: unknown;
  redacted_thinking?: unknown;
  tool_calls?: HubToolCallDelta[];
}

export interface HubChunk {
  id?: string;
  choices?: { index?: number; delta?: HubDelta; finish_reason?: string | null }[];
  error?: { message?: string; type?: string; code?: string };
}

/** The chunk of one payload, or undefined for one the adaptor could not make sense of: the client is better off without it. */
export function parseHubChunk(payload: string): HubChunk | undefined {
  const plain = plainTextChunk(payload);
  if (plain) return plain;
  try {
    return JSON.parse(payload) as HubChunk;
  } catch {
    return undefined;
  }
}

/** A JSON string with nothing to unescape, a number, or a literal: a value read as it is written. */
const SIMPLE_VALUE = String.raw`(?:"[^"\\\u0000-\u001f]*"|-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?|null|true|false)`;
/** Any top-level key but those the writers read (a repeated one would override them), with a simple value. */
const OTHER_FIELD = String.raw`"(?!(?:id|choices|error)")[A-Za-z_]+":${SIMPLE_VALUE}`;
/**
 * An OpenAI chunk that only adds text, as OpenAI and most compatible vendors write nearly all of a stream's
 * chunks: one choice whose delta is its content alone, unfinished, with nothing to unescape in the text.
 */
const PLAIN_TEXT_CHUNK = new RegExp(
  String.raw`^\{"id":"([^"\\\u0000-\u001f]*)"(?:,${OTHER_FIELD})*,"choices":\[\{"index":(0|[1-9]\d*),"delta":\{"content":"([^"\\\u0000-\u001f]*)"\}(?:,"logprobs":null)?,"finish_reason":null\}\](?:,${OTHER_FIELD})*\}$`,
);

/**
 * The chunk of a plain text delta, read without parsing: a converted stream's writer reads every chunk,
 * and parsing each was most of a conversion's cost. The same chunk as JSON.parse gives, as far as the writers
 * read it (tested against it); anything else is parsed.
 */
function plainTextChunk(payload: string): HubChunk | undefined {
  const match = PLAIN_TEXT_CHUNK.exec(payload);
  if (!match) return undefined;
  return { id: match[1], choices: [{ index: Number(match[2]), delta: { content: match[3] }, finish_reason: null }] };
}

/** An upstream failure mid-stream, with what the writers tell the client when the adaptor said nothing. */
export const failureOf = (error: NonNullable<HubChunk['error']>): Required<NonNullable<HubChunk['error']>> => ({
  message: error.message ?? 'the upstream stream failed',
  type: error.type ?? '',
  code: error.code ?? '',
});
