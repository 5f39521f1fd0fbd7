import type { Usage } from '../billing/quota.js';

/**
 * A cached answer as its client was sent it: the bytes of the JSON body, or of the whole SSE stream, in the
 * client's protocol. A hit replays them as they were (the same ids and `created`), so a stream hit is a valid
 * stream of its protocol whatever the upstream's protocol was; a stream and a non-stream request are cached
 * apart (the stream flag is part of the key). With it, what the original answer was billed, for the hit's log.
 */
export interface CachedAnswer {
  contentType: string;
  stream: boolean;
  body: string;
  /** The model that answered (the consume log's model) and the usage and quota it was billed. */
  model: string;
  usage: Usage;
  quota: number;
}

/** The stored text of an entry, and its size in bytes: what the size caps and the bytes-saved counter measure. */
export function encodeEntry(answer: CachedAnswer): string {
  return JSON.stringify(answer);
}

export function decodeEntry(text: string): CachedAnswer | undefined {
  try {
    const parsed = JSON.parse(text) as Partial<CachedAnswer>;
    if (typeof parsed.body !== 'string' || typeof parsed.contentType !== 'string' || typeof parsed.model !== 'string' || !parsed.usage) return undefined;
    return parsed as CachedAnswer;
  } catch {
    return undefined;
  }
}
