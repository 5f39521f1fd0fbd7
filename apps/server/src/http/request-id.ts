import { randomInt } from 'node:crypto';

/** one-api's request id: yyyyMMddHHmmss, the sub-second nanoseconds, then 8 random digits. Sent as X-Oneapi-Request-Id. */
export function newRequestId(now = new Date()): string {
  const pad = (value: number, width = 2) => String(value).padStart(width, '0');
  const stamp = `${now.getFullYear()}${pad(now.getMonth() + 1)}${pad(now.getDate())}${pad(now.getHours())}${pad(now.getMinutes())}${pad(now.getSeconds())}`;
  const nanos = now.getMilliseconds() * 1_000_000 + Number(process.hrtime.bigint() % 1_000_000n);
  return `${stamp}${nanos}${pad(randomInt(0, 100_000_000), 8)}`;
}

export const REQUEST_ID_HEADER = 'X-Oneapi-Request-Id';
