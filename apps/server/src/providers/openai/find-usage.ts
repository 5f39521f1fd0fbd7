import { readUsage, type ReportedUsage } from './response-usage.js';

const USAGE_KEY = '"usage"';

/**
 * The `usage` of an answer, found without parsing the whole answer: an embeddings answer is mostly
 * vectors and a long completion mostly text, and the relay needs neither. OpenAI writes usage as a key
 * holding numbers and objects of numbers only, so its braces balance with no string to skip; the key
 * cannot occur unescaped inside the answer's own text. Undefined when not found: the caller then parses.
 */
export function findUsage(json: string): ReportedUsage | undefined {
  const key = json.lastIndexOf(USAGE_KEY);
  if (key <= 0 || json[key - 1] === '\\') return undefined;
  let start = skipSpace(json, key + USAGE_KEY.length);
  if (json[start] !== ':') return undefined;
  start = skipSpace(json, start + 1);
  if (json[start] !== '{') return undefined;
  let depth = 0;
  for (let i = start; i < json.length; i += 1) {
    const char = json[i];
    if (char === '{') depth += 1;
    else if (char === '}' && (depth -= 1) === 0) {
      try {
        return readUsage(JSON.parse(json.slice(start, i + 1)));
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

function skipSpace(json: string, from: number): number {
  let i = from;
  while (json[i] === ' ' || json[i] === '\n' || json[i] === '\r' || json[i] === '\t') i += 1;
  return i;
}
