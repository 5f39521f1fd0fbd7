const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/** The yyyyMMddHHmmss stamp of the current second, formatted once per second rather than per request. */
let stampedSecond = Number.NaN;
let stamp = '';

/**
 * one-api's request id: yyyyMMddHHmmss, the sub-second nanoseconds, then 8 random digits. Sent as
 * X-Oneapi-Request-Id. It names a request in logs and errors; it guards nothing, so Math.random suffices.
 * Made on every request from the clock's milliseconds: a Date is made only when the second changes.
 */
export function newRequestId(nowMs = Date.now()): string {
  const second = Math.floor(nowMs / 1000);
  if (second !== stampedSecond) {
    stampedSecond = second;
    const now = new Date(nowMs);
    stamp = `${now.getFullYear()}${pad(now.getMonth() + 1)}${pad(now.getDate())}${pad(now.getHours())}${pad(now.getMinutes())}${pad(now.getSeconds())}`;
  }
  // The sub-millisecond part from the monotonic clock's fraction: as unique as BigInt nanoseconds, at a fraction of their cost.
  const nanos = (nowMs - second * 1000) * 1_000_000 + Math.floor((performance.now() % 1) * 1_000_000);
  return `${stamp}${nanos}${pad(Math.floor(Math.random() * 100_000_000), 8)}`;
}

export const REQUEST_ID_HEADER = 'X-Oneapi-Request-Id';
