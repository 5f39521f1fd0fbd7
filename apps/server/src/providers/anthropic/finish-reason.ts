/** Anthropic's stop_reason as one of OpenAI's finish reasons (reference providers.md 2.7). */
const FINISH_REASONS: Record<string, string> = {
  end_turn: 'stop',
  stop_sequence: 'stop',
  pause_turn: 'stop',
  max_tokens: 'length',
  model_context_window_exceeded: 'length',
  tool_use: 'tool_calls',
  refusal: 'content_filter',
};

export const finishReason = (stopReason: string | null | undefined): string | null => (stopReason ? (FINISH_REASONS[stopReason] ?? 'stop') : null);
