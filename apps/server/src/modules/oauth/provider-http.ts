import { fail } from '../../http/errors.js';
import type { AppContext } from '../../context.js';

/** A sign-in waits on the provider; one-api gave it 5 s, which slow enterprise servers sometimes exceed. */
const TIMEOUT_MS = 10_000;

/**
 * One call to a sign-in provider, answered as parsed JSON. Any transport failure, timeout or non-JSON
 * answer becomes one clear message naming the provider; the detail goes to the log, not to the browser.
 * HTTP error statuses are returned like any other answer, because providers put their reason in the body.
 */
export async function providerJson(ctx: AppContext, provider: string, url: string, init: RequestInit = {}): Promise<unknown> {
  try {
    const response = await fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
    return await response.json();
  } catch (error) {
    ctx.log.warn({ err: error, url }, `${provider} sign-in request failed`);
    throw fail('oauth.provider_unreachable', { provider });
  }
}

/** A string field of a provider's JSON object, or '' when it is absent or of another type. */
export function textField(body: unknown, name: string): string {
  const value = (body as Record<string, unknown> | null | undefined)?.[name];
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
}

/** A nested object field of a provider's JSON answer, or undefined. */
export function objectField(body: unknown, name: string): unknown {
  const value = (body as Record<string, unknown> | null | undefined)?.[name];
  return value !== null && typeof value === 'object' ? value : undefined;
}

/** Options holding a base URL are joined with a path; a trailing slash must not double it. */
export const baseUrl = (value: string, fallback: string): string => (value.trim() || fallback).replace(/\/+$/, '');
