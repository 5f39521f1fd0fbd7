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
  try {
    return JSON.parse(payload) as HubChunk;
  } catch {
    return undefined;
  }
}

/** An upstream failure mid-stream, with what the writers tell the client when the adaptor said nothing. */
export const failureOf = (error: NonNullable<HubChunk['error']>): Required<NonNullable<HubChunk['error']>> => ({
  message: error.message ?? 'the upstream stream failed',
  type: error.type ?? '',
  code: error.code ?? '',
});
