/**
 * BPE merges a pre-token (a word, a run without spaces) in time quadratic in its length: 100,000 repeated
 * letters took 7 s and 30,000 emoji 9 s of the only thread, so one count_tokens call could stall a node.
 * Long text is counted in pieces of at most PIECE characters, cut before a word's leading space where there is one
 * (the encoder starts a token there anyway, so prose counts the same) and hard elsewhere (a cut inside a word's
 * run can add a token per cut: a few in a hundred thousand).
 */
const PIECE = 2000;
/** A cut searches back this far for whitespace before cutting a run. */
const SEARCH = 1000;

export function countInPieces(text: string, count: (piece: string) => number): number {
  if (text.length <= PIECE) return count(text);
  let total = 0;
  let start = 0;
  while (start < text.length) {
    const end = cutBefore(text, start);
    total += count(text.slice(start, end));
    start = end;
  }
  return total;
}

/** Where the piece that starts at `start` ends: before a space that starts a word near the limit, else at the limit. */
function cutBefore(text: string, start: number): number {
  const limit = start + PIECE;
  if (limit >= text.length) return text.length;
  for (let at = limit; at > limit - SEARCH; at -= 1) if (text.charCodeAt(at) === SPACE && !isSpace(text.charCodeAt(at - 1))) return at;
  // Never between the two halves of a character outside the BMP (an emoji).
  const code = text.charCodeAt(limit - 1);
  return code >= 0xd800 && code <= 0xdbff ? limit - 1 : limit;
}

const SPACE = 32;
const isSpace = (code: number) => code === SPACE || code === 10 || code === 9 || code === 13;
