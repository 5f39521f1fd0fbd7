import type { Headroom, LimitScope, Verdict } from './limit-set.js';

/**
 * A duration as OpenAI writes its x-ratelimit-reset-* headers (Go's style): "20ms", "1s", "17.5s", "6m0s".
 * https://platform.openai.com/docs/guides/rate-limits#rate-limits-in-headers
 */
export function resetDuration(ms: number): string {
  const whole = Math.max(0, Math.ceil(ms));
  if (whole < 1000) return `${whole}ms`;
  const minutes = Math.floor(whole / 60_000);
  const seconds = Number(((whole % 60_000) / 1000).toFixed(3));
  return minutes > 0 ? `${minutes}m${seconds}s` : `${seconds}s`;
}

/** The headers an answer carries, for each dimension a limit applies to. */
export function admittedHeaders(verdict: Verdict): Record<string, string> {
  const headers: Record<string, string> = {};
  if (verdict.requests) put(headers, 'requests', verdict.requests);
  if (verdict.tokens) put(headers, 'tokens', verdict.tokens);
  return headers;
}

/**
 * A refusal's headers: Retry-After in whole seconds (at least 1), the limits in force, and none left of the
 * one that refused.
 */
export function refusedHeaders(verdict: Verdict, scopes: readonly LimitScope[]): Record<string, string> {
  const headers: Record<string, string> = { 'retry-after': String(Math.max(1, Math.ceil(verdict.retryAfterMs / 1000))) };
  const rpm = tightestOf(scopes, 'rpm');
  const tpm = tightestOf(scopes, 'tpm');
  if (rpm > 0) headers['x-ratelimit-limit-requests'] = String(rpm);
  if (tpm > 0) headers['x-ratelimit-limit-tokens'] = String(tpm);
  const refusedOn = verdict.refusedOn;
  if (refusedOn === 'requests' || refusedOn === 'tokens') {
    const refusing = scopes[verdict.refusedBy ?? -1]?.limits[refusedOn === 'requests' ? 'rpm' : 'tpm'];
    if (refusing) headers[`x-ratelimit-limit-${refusedOn}`] = String(refusing);
    headers[`x-ratelimit-remaining-${refusedOn}`] = '0';
    headers[`x-ratelimit-reset-${refusedOn}`] = resetDuration(verdict.retryAfterMs);
  }
  return headers;
}

function put(headers: Record<string, string>, dimension: 'requests' | 'tokens', headroom: Headroom) {
  headers[`x-ratelimit-limit-${dimension}`] = String(headroom.limit);
  headers[`x-ratelimit-remaining-${dimension}`] = String(headroom.remaining);
  headers[`x-ratelimit-reset-${dimension}`] = resetDuration(headroom.resetMs);
}

function tightestOf(scopes: readonly LimitScope[], dimension: 'rpm' | 'tpm'): number {
  let tightest = 0;
  for (const { limits } of scopes) if (limits[dimension] > 0 && (tightest === 0 || limits[dimension] < tightest)) tightest = limits[dimension];
  return tightest;
}
