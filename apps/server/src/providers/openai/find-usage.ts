import { readUsage, type ReportedUsage } from './response-usage.js';

const USAGE_KEY = Buffer.from('"usage"');
const [BACKSLASH, COLON, OPEN, CLOSE] = [0x5c, 0x3a, 0x7b, 0x7d];

/**
 * The `usage` of an answer, found in its bytes without decoding or parsing the whole answer: an embeddings
 * answer is mostly vectors and a long completion mostly text, and the relay needs neither. OpenAI writes
 * usage as a key holding numbers and objects of numbers only, so its braces balance with no string to skip;
 * the key cannot occur unescaped inside the answer's own text, and ASCII bytes never occur inside a
 * multi-byte UTF-8 character. Undefined when not found: the caller then parses.
 */
export function findUsage(body: Buffer): ReportedUsage | undefined {
  const key = body.lastIndexOf(USAGE_KEY);
  if (key <= 0 || body[key - 1] === BACKSLASH) return undefined;
  let start = skipSpace(body, key + USAGE_KEY.length);
  if (body[start] !== COLON) return undefined;
  start = skipSpace(body, start + 1);
  if (body[start] !== OPEN) return undefined;
  let depth = 0;
  for (let i = start; i < body.length; i += 1) {
    const byte = body[i];
    if (byte === OPEN) depth += 1;
    else if (byte === CLOSE && (depth -= 1) === 0) {
      try {
        return readUsage(JSON.parse(body.toString('utf8', start, i + 1)));
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

/** Past spaces, tabs and line ends. */
function skipSpace(body: Buffer, from: number): number {
  let i = from;
  for (let byte = body[i]; byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09; byte = body[i]) i += 1;
  return i;
}
