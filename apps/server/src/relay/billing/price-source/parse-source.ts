import { sourceDataSchema, type SourceProvider } from './source-schema.js';

/** A price data file that cannot serve: every problem found, each naming its field. */
export class PriceSourceError extends Error {
  constructor(readonly problems: string[]) {
    super(`the price data is refused: ${problems.slice(0, 10).join('; ')}${problems.length > 10 ? `; and ${problems.length - 10} more` : ''}`);
  }
}

/** The source's file is about half a megabyte; one fifty times larger is not a price list. */
export const MAX_SOURCE_BYTES = 25 * 1024 * 1024;
/** The file nests five or six levels; a deeper one is refused before parsing (no walk can overflow the stack). */
const MAX_JSON_DEPTH = 40;

/** Parses and checks a price data file whole: the providers, or a PriceSourceError naming what is wrong. */
export function parseSourceData(text: string): SourceProvider[] {
  if (Buffer.byteLength(text) > MAX_SOURCE_BYTES) throw new PriceSourceError([`the file is larger than ${MAX_SOURCE_BYTES / 1024 / 1024} MB`]);
  const depth = jsonDepth(text);
  if (depth > MAX_JSON_DEPTH) throw new PriceSourceError([`the file nests ${depth} levels deep; a price list nests at most ${MAX_JSON_DEPTH}`]);
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new PriceSourceError([`not JSON: ${(error as Error).message}`]);
  }
  return checkSourceData(data);
}

/** Checks parsed price data (the bundled data, or a parsed file). */
export function checkSourceData(data: unknown): SourceProvider[] {
  const result = sourceDataSchema.safeParse(data);
  if (result.success) return result.data;
  throw new PriceSourceError(result.error.issues.map((issue) => `${fieldPath(issue.path) || '(root)'}: ${issue.message}`));
}

/** `[3].models[12].prices.input_mtok`: a path a reader can find in the file. */
function fieldPath(path: readonly PropertyKey[]): string {
  return path.map((key) => (typeof key === 'number' ? `[${key}]` : /^[A-Za-z_]\w*$/.test(String(key)) ? `.${String(key)}` : `[${JSON.stringify(String(key))}]`)).join('').replace(/^\./, '');
}

/** The deepest nesting of brackets outside strings, counted without parsing. */
function jsonDepth(text: string): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i += 1;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) deepest = Math.max(deepest, ++depth);
    else if (c === 0x5d || c === 0x7d) depth -= 1;
  }
  return deepest;
}
