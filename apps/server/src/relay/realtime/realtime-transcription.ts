import type { TokenUsage } from '../../providers/token-usage.js';

/**
 * The input-audio transcription of a Realtime session, which OpenAI runs on a separate ASR model and bills "according
 * to the ASR model's pricing rather than the realtime model's". Its `conversation.item.input_audio_transcription.completed`
 * event carries a `usage` of one of two shapes: `{type:"tokens", input_tokens, output_tokens, total_tokens,
 * input_token_details:{text_tokens, audio_tokens}}` (gpt-4o-transcribe and the like) or `{type:"duration", seconds}`
 * (whisper-1). The model is the session's: `session.input_audio_transcription.model` (beta) or
 * `session.audio.input.transcription.model` (GA), as the upstream's `session.created` and `session.updated` state it.
 * Docs: https://platform.openai.com/docs/api-reference/realtime-server-events
 */
export type TranscriptionUsage = { tokens: TokenUsage } | { seconds: number };

/** The type markers, searched for as bytes before any parse (as realtime-usage.ts does for response.done). */
const COMPLETED = Buffer.from('"conversation.item.input_audio_transcription.completed"');
const SESSION_CREATED = Buffer.from('"session.created"');
const SESSION_UPDATED = Buffer.from('"session.updated"');

/**
 * What a transcription minute counts as, in transcript tokens: one-api's reading of whisper-1's price ($0.006 a
 * minute at ratio 15, $0.03 per 1K tokens: 200 tokens a minute), so a duration is priced at the model ratio as
 * Tollgate prices an HTTP transcription's transcript tokens.
 */
export const TOKENS_PER_MINUTE = 200;

/** The tokens a transcription counts for: its reported input and output, or its duration's transcript tokens. */
export function transcriptionTokens(usage: TranscriptionUsage): number {
  if ('tokens' in usage) return usage.tokens.promptTokens + usage.tokens.completionTokens;
  return Math.ceil((usage.seconds * TOKENS_PER_MINUTE) / 60);
}

/** The usage of a completed input transcription, or undefined for any other frame (or one without a usage). */
export function transcriptionUsage(frame: Buffer): TranscriptionUsage | undefined {
  if (frame.indexOf(COMPLETED) === -1) return undefined;
  const event = parse(frame) as { type?: unknown; usage?: Record<string, unknown> } | undefined;
  if (event?.type !== 'conversation.item.input_audio_transcription.completed' || !event.usage || typeof event.usage !== 'object') return undefined;
  const { usage } = event;
  if (usage.type === 'duration') {
    const seconds = typeof usage.seconds === 'number' && Number.isFinite(usage.seconds) && usage.seconds > 0 ? usage.seconds : 0;
    return { seconds };
  }
  const details = (usage.input_token_details ?? {}) as Record<string, unknown>;
  const tokens: TokenUsage = { promptTokens: count(usage.input_tokens), completionTokens: count(usage.output_tokens) };
  const audio = Math.min(count(details.audio_tokens), tokens.promptTokens);
  if (audio) tokens.audioInputTokens = audio;
  return { tokens };
}

/**
 * The transcription model a `session.created` or `session.updated` event states: its name, null when the session
 * transcribes nothing, undefined for any other frame (or a session event that does not say).
 */
export function sessionTranscriptionModel(frame: Buffer): string | null | undefined {
  if (frame.indexOf(SESSION_CREATED) === -1 && frame.indexOf(SESSION_UPDATED) === -1) return undefined;
  const event = parse(frame) as { type?: unknown; session?: Record<string, unknown> } | undefined;
  if ((event?.type !== 'session.created' && event?.type !== 'session.updated') || !event.session) return undefined;
  const { session } = event;
  const beta = session.input_audio_transcription as { model?: unknown } | null | undefined;
  const input = (session.audio as { input?: Record<string, unknown> } | undefined)?.input;
  const ga = (input && Object.hasOwn(input, 'transcription') ? input.transcription : undefined) as { model?: unknown } | null | undefined;
  const config = beta !== undefined ? beta : ga;
  if (config === null) return null;
  return typeof config?.model === 'string' && config.model !== '' ? config.model : undefined;
}

function parse(frame: Buffer): unknown {
  try {
    return JSON.parse(frame.toString('utf8'));
  } catch {
    return undefined;
  }
}

/** A token count as reported: a whole number of 0 or more, else 0. */
function count(value: unknown): number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value > 0 ? value : 0;
}
