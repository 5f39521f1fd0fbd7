const pad = (value: number): string => String(value).padStart(2, '0');

/** Epoch seconds to the local time of day, 'HH:mm:ss'. */
export function formatTimeOfDay(seconds: number): string {
  const date = new Date(seconds * 1000);
  return `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
}

/** Epoch seconds (the wire format) to local 'YYYY-MM-DD HH:mm:ss' (the spec's TIME_FORMAT). */
export function formatTimestamp(seconds: number): string {
  const date = new Date(seconds * 1000);
  const day = `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
  return `${day} ${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
}
