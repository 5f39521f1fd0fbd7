const LOCAL_DATETIME = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[ T](\d{1,2}):(\d{1,2})(?::(\d{1,2}))?)?$/;

/** 'YYYY-MM-DD[ HH:mm[:ss]]' in local time; undefined for impossible dates such as 2024-02-30. */
function parseLocal(text: string): number | undefined {
  const match = LOCAL_DATETIME.exec(text);
  if (!match) return undefined;
  // Absent time parts are 0; the defaults only satisfy the type checker.
  const [year = 0, month = 1, day = 1, hours = 0, minutes = 0, seconds = 0] = match.slice(1).map((part) => Number(part ?? 0));
  const date = new Date(year, month - 1, day, hours, minutes, seconds);
  const exact = date.getFullYear() === year && date.getMonth() === month - 1 && date.getDate() === day;
  return exact && hours < 24 && minutes < 60 && seconds < 60 ? date.getTime() : undefined;
}

/**
 * Text typed into a time field to epoch seconds (rounded up, as one-api's forms do), or undefined when it
 * is not a date. The console's own format (formatTimestamp) is read as local time in every browser;
 * anything else is left to Date.parse (ISO strings with a zone, for instance).
 */
export function parseDateTime(text: string): number | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  const ms = parseLocal(trimmed) ?? (LOCAL_DATETIME.test(trimmed) ? Number.NaN : Date.parse(trimmed));
  return Number.isNaN(ms) ? undefined : Math.ceil(ms / 1000);
}
