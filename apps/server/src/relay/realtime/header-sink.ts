import type { RelayReply } from '../relay-exchange.js';

/**
 * A stand-in for the reply the limit and budget admissions set their headers on (Retry-After, x-ratelimit-*):
 * a handshake has no Fastify reply, so the headers are collected and written with its answer. The admissions
 * call `headers` only.
 */
export function headerSink(into: Record<string, string>): RelayReply {
  const sink = {
    headers(values: Record<string, string | number>) {
      for (const [name, value] of Object.entries(values)) into[name] = String(value);
      return sink;
    },
  };
  return sink as unknown as RelayReply;
}
