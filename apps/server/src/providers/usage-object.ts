/**
 * Reading a stream event's usage object without parsing the whole event: its ids, model names and the rest
 * were most of what parsing a usage event cost the relay, and a stream has one or two such events per answer.
 * A key is matched with its unescaped quotes, which cannot occur inside a JSON string, so an event's text
 * cannot fake one. Anything written otherwise (spaced, the key twice, an object that does not balance) gives
 * undefined, and the caller parses the event whole.
 */

const [QUOTE, BACKSLASH, OPEN, CLOSE] = [0x22, 0x5c, 0x7b, 0x7d];

/** Whether `text` has the quoted key whose name begins at `at`, not an escaped quote inside a string. */
export const quotedAt = (text: string, at: number): boolean => at >= 2 && text.charCodeAt(at - 1) === QUOTE && text.charCodeAt(at - 2) !== BACKSLASH;

/** The key as it is searched for: its name and closing quote, then the colon (its opening quote is checked where it is found). */
export const USAGE_KEY = 'usage":';

/**
 * The object that starts at `start` in `data`, parsed, if `data` has one there whose braces balance.
 * Braces inside strings are counted too: where that cuts the object short or long, the slice is not JSON
 * (it ends inside a string, or its braces do not pair) and the parse fails, which gives undefined.
 */
export function objectAt(data: string, start: number): Record<string, unknown> | undefined {
  if (data.charCodeAt(start) !== OPEN) return undefined;
  let depth = 0;
  for (let i = start; i < data.length; i += 1) {
    const code = data.charCodeAt(i);
    if (code === OPEN) depth += 1;
    else if (code === CLOSE && (depth -= 1) === 0) {
      try {
        return JSON.parse(data.slice(start, i + 1)) as Record<string, unknown>;
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

/**
 * The usage object of an event that has exactly one `"usage":{…}`, written without spaces, parsed; undefined
 * otherwise (the event is then to be parsed whole).
 */
export function soleUsageObject(data: string): Record<string, unknown> | undefined {
  const key = data.indexOf(USAGE_KEY);
  if (!quotedAt(data, key) || data.indexOf(USAGE_KEY, key + 1) !== -1) return undefined;
  return objectAt(data, key + USAGE_KEY.length);
}
