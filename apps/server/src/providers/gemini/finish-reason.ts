/**
 * Gemini's finishReason as one of OpenAI's finish reasons (reference providers.md 3.7).
 * Docs: https://ai.google.dev/api/generate-content#FinishReason
 * Gemini says STOP even after a function call: any call makes it `tool_calls`. Reasons with no good match
 * (MALFORMED_FUNCTION_CALL, OTHER, LANGUAGE, ...) read as `stop`.
 */
const CONTENT_FILTER = new Set(['SAFETY', 'RECITATION', 'BLOCKLIST', 'PROHIBITED_CONTENT', 'SPII', 'IMAGE_SAFETY']);

export function finishReason(reason: string | undefined, calledTools: boolean): string | null {
  if (!reason || reason === 'FINISH_REASON_UNSPECIFIED') return null;
  if (calledTools) return 'tool_calls';
  if (reason === 'MAX_TOKENS') return 'length';
  return CONTENT_FILTER.has(reason) ? 'content_filter' : 'stop';
}
