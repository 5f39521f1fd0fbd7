/**
 * The kinds of tokens inside a prompt and a completion that are priced apart. Each is part of the prompt
 * (cache reads and writes, audio input) or of the completion (reasoning, audio output), never added to them;
 * absent means none.
 */
export interface TokenKinds {
  /** Input tokens read from the provider's prompt cache (OpenAI's cached_tokens, Anthropic's cache_read_input_tokens, Gemini's cachedContentTokenCount). */
  cacheReadTokens?: number;
  /** Input tokens written to the prompt cache (Anthropic's cache_creation_input_tokens). */
  cacheWriteTokens?: number;
  /** Output tokens the model spent thinking (OpenAI's reasoning_tokens, Gemini's thoughtsTokenCount). */
  reasoningTokens?: number;
  /** Input tokens of audio (OpenAI's prompt_tokens_details.audio_tokens), priced apart from text. */
  audioInputTokens?: number;
  /** Output tokens of audio (OpenAI's completion_tokens_details.audio_tokens). */
  audioOutputTokens?: number;
}

/** The tokens a request is billed for: the upstream's report, or the local count when it reported none. */
export interface TokenUsage extends TokenKinds {
  promptTokens: number;
  completionTokens: number;
}
