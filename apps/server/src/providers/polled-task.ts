import { setTimeout as sleep } from 'node:timers/promises';
import type { UpstreamIo } from './adaptor.js';
import { bufferedResponse, type UpstreamResponse } from './upstream-response.js';

/**
 * Waiting for an upstream task that is created by one call and finished later (DashScope image synthesis,
 * Replicate predictions): look at it again and again until it is done, never longer than the relay would
 * wait for a first answer (RELAY_TIMEOUT), and stop at once when the client leaves.
 */

/** With no RELAY_TIMEOUT a task is still not waited on for ever. */
const LIMIT_WITHOUT_TIMEOUT_MS = 10 * 60_000;
/** The first looks come quickly, since short tasks are common; later ones every `intervalMs`. */
const FIRST_DELAYS_MS = [250, 500];

/**
 * Calls `check` until it returns a result (anything but undefined), waiting between calls. Undefined
 * when the time ran out; an abort of `io.signal` rejects with the abort error, which the relay treats as
 * a failed attempt.
 */
export async function pollTask<T>(io: UpstreamIo, intervalMs: number, check: () => Promise<T | undefined>): Promise<T | undefined> {
  const deadline = Date.now() + (io.timeoutMs > 0 ? io.timeoutMs : LIMIT_WITHOUT_TIMEOUT_MS);
  for (let attempt = 0; ; attempt += 1) {
    const delay = Math.min(FIRST_DELAYS_MS[attempt] ?? intervalMs, intervalMs);
    const left = deadline - Date.now();
    if (left <= 0) return undefined;
    await sleep(Math.min(delay, left), undefined, { signal: io.signal });
    const result = await check();
    if (result !== undefined) return result;
  }
}

/** The answer when a task did not finish in time: a gateway timeout, which another channel may retry. */
export const taskTimedOut = (what: string): UpstreamResponse =>
  bufferedResponse(504, 'application/json', Buffer.from(JSON.stringify({ error: { message: `${what} did not finish in time`, type: 'upstream_error', code: 'timeout' } })));

/** Reads a JSON body, or undefined when it is not JSON. */
export async function readJsonBody<T>(response: UpstreamResponse): Promise<T | undefined> {
  const text = await response.body.text();
  try {
    return JSON.parse(text) as T;
  } catch {
    return undefined;
  }
}
