import type { TokenUsage } from '../../providers/token-usage.js';

/** The marker a frame must hold to be a `response.done` event: the type as a JSON string, unescaped. */
const RESPONSE_DONE = Buffer.from('"response.done"');

/**
 * The usage of a `response.done` event, or undefined for any other frame. Audio deltas (most frames, and the
 * largest) are skipped by a byte search before any parse: inside a JSON string the quotes of the marker would
 * be escaped (`\"response.done\"`), so only the event's own type matches.
 */
export function responseDoneUsage(frame: Buffer): TokenUsage | undefined {
  if (frame.indexOf(RESPONSE_DONE) === -1) return undefined;
  let event: unknown;
  try {
    event = JSON.parse(frame.toString('utf8'));
  } catch {
    return undefined;
  }
  const { type, response } = event as { type?: unknown; response?: { usage?: unknown } };
  if (type !== 'response.done') return undefined;
  return realtimeUsage(response?.usage);
}

interface RealtimeUsageObject {
  input_tokens?: unknown;
  output_tokens?: unknown;
  input_token_details?: { text_tokens?: unknown; audio_tokens?: unknown; cached_tokens?: unknown; cached_tokens_details?: { text_tokens?: unknown; audio_tokens?: unknown } };
  output_token_details?: { text_tokens?: unknown; audio_tokens?: unknown };
}

/**
 * OpenAI's Realtime usage as the relay's token kinds. Input tokens are text and audio, some of either read from
 * the cache (cached_tokens, split in cached_tokens_details): cached tokens are priced at the cache read ratio
 * whatever their kind (OpenAI prices cached text and cached audio alike), so the audio priced as audio is the
 * audio that was not cached. Output tokens are text and audio. A response that used nothing (cancelled at once)
 * is usage 0, billed 0.
 */
export function realtimeUsage(value: unknown): TokenUsage {
  const usage = (value ?? {}) as RealtimeUsageObject;
  const input = count(usage.input_tokens);
  const output = count(usage.output_tokens);
  const inputDetails = usage.input_token_details;
  const cached = Math.min(count(inputDetails?.cached_tokens), input);
  const cachedAudio = count(inputDetails?.cached_tokens_details?.audio_tokens);
  const audioIn = Math.max(0, count(inputDetails?.audio_tokens) - cachedAudio);
  const audioOut = count(usage.output_token_details?.audio_tokens);
  const tokens: TokenUsage = { promptTokens: input, completionTokens: output };
  if (cached) tokens.cacheReadTokens = cached;
  if (audioIn) tokens.audioInputTokens = audioIn;
  if (audioOut) tokens.audioOutputTokens = audioOut;
  return tokens;
}

/** A token count as reported: a whole number of 0 or more, else 0 (an upstream's garbage bills nothing extra). */
function count(value: unknown): number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value > 0 ? value : 0;
}
