import { BUILD_FAILURE, type CallResult } from '../../upstream-call.js';
import type { AttemptOutcome } from './channel-breakers.js';

/**
 * What an attempt says about its channel's health. Transient failures (5xx, 429, timeouts, connection
 * errors, which arrive as 502/504) count against it; a request fault (400-class) or a key error is not the
 * breaker's business (auto-disable handles the latter), and neither is an attempt its client abandoned nor a
 * request Tollgate could not build (its own failure, which never reached the channel).
 */
export function attemptOutcome(result: CallResult, abandoned: boolean): AttemptOutcome {
  if (result.ok) return 'success';
  if (abandoned || result.disableChannel || result.kind === BUILD_FAILURE) return 'neutral';
  const { status } = result.error;
  return status >= 500 || status === 429 ? 'failure' : 'neutral';
}
