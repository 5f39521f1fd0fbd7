import { createHash } from 'node:crypto';
import type { JsonObject } from '../../providers/openai/request-body.js';

/**
 * Fields that never change the answer's content: who the end user is, the client's own labels. They are left
 * out of the key so that the same question asked with another label is a hit. `stream` is keyed apart (a
 * stream and a complete answer are cached apart), and `stream_options` is kept for a stream only: it changes
 * which events the stream holds (include_usage), which a hit replays as they were.
 */
const IGNORED = new Set(['user', 'metadata', 'stream', 'request_id', 'safety_identifier', 'prompt_cache_key']);

/** What a request is cached under: whose it is, and what was asked. */
export interface CacheKeyParts {
  /** 'u<user id>', or 'g<group>' when the group shares its cache. */
  scope: string;
  /** The client's protocol and the relay mode: the same body sent to /v1/completions and /v1/chat/completions differs. */
  protocol: string;
  mode: string;
  model: string;
  stream: boolean;
  body: JsonObject;
}

/** The sha256 (hex) of the canonical request: its parts, and the body with its keys sorted and IGNORED fields left out. */
export function cacheKey(parts: CacheKeyParts): string {
  const hash = createHash('sha256');
  hash.update(JSON.stringify([parts.scope, parts.protocol, parts.mode, parts.model, parts.stream]));
  hash.update('\n');
  hash.update(canonicalJson(parts.body, parts.stream, true));
  return hash.digest('hex');
}

/** JSON with every object's keys sorted, so two bodies that differ only in their order hash the same. */
export function canonicalJson(value: unknown, stream: boolean, top = false): string {
  if (Array.isArray(value)) return `[${value.map((item) => canonicalJson(item, stream)).join(',')}]`;
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  const entries = Object.keys(value)
    .filter((key) => !top || (!IGNORED.has(key) && (stream || key !== 'stream_options')))
    .sort()
    .map((key) => `${JSON.stringify(key)}:${canonicalJson((value as Record<string, unknown>)[key], stream)}`);
  return `{${entries.join(',')}}`;
}
