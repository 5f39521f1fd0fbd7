import type { FallbackTrigger } from '@tollgate/contract';
import { asRelayError } from '../relay-conventions.js';

/** The upstream said the prompt does not fit the model's context window (OpenAI, Anthropic, Gemini and the common gateways). */
const CONTEXT_LENGTH = /context_length_exceeded|context length|context window|prompt is too long|maximum (?:context|number of tokens)|input token count.*exceeds|too many (?:input )?tokens|exceeds the max(?:imum)? (?:allowed )?(?:number of )?tokens/i;

/** The upstream refused the content (OpenAI's content_policy_violation, Azure's content_filter, Gemini's and Anthropic's safety blocks). */
const CONTENT_POLICY = /content_policy_violation|content_filter|content management policy|safety (?:system|block|settings)|blocked (?:by|due to) safety|prohibited_content|responsible ?ai|moderation_blocked/i;

/**
 * Which fallback trigger a failure of the whole route is, or undefined when it is the client's own fault (a
 * malformed request, a refused parameter) and another model would fail the same way. `failure` is every fault
 * of the channels: the model has none (404/503 from routing), their errors (401, 403, 408, 429, 5xx) after the
 * retries. A 400 is the client's unless it says the context is too long or the content was refused. A client
 * that left (499) is nobody's to fall back for.
 */
export function fallbackTrigger(error: unknown): FallbackTrigger | undefined {
  const { status, code, message } = asRelayError(error);
  if (status === 499) return undefined;
  if (status === 400 || status === 413 || status === 422) {
    const text = `${code} ${message}`;
    if (CONTEXT_LENGTH.test(text)) return 'context_length';
    if (CONTENT_POLICY.test(text)) return 'content_policy';
    return undefined;
  }
  if (status === 404 && code === 'model_not_found') return 'failure';
  if (status === 401 || status === 403 || status === 408 || status === 429 || status >= 500) {
    // The key's own refusals (a model it may not use, no quota) are not the channel's failure.
    if (code === 'model_not_allowed' || code === 'insufficient_user_quota' || code.startsWith('token_') || code === 'budget_exceeded') return undefined;
    return 'failure';
  }
  return undefined;
}
