import type { JsonObject } from './openai/request-body.js';

/**
 * The JSON an adaptor reads. The client's body reached the adaptor already checked by the relay (an empty
 * body reads as `{}`); an upstream answer may not be JSON at all (a proxy's HTML error page, a cut body),
 * and then the adaptor sends it on as it came rather than failing the request.
 */
export const readJson = (body: Buffer): JsonObject => JSON.parse(body.toString('utf8') || '{}') as JsonObject;

/** An upstream answer as the protocol's JSON, or undefined when it does not parse. */
export function parsedAnswer<T>(body: Buffer): T | undefined {
  try {
    return JSON.parse(body.toString('utf8')) as T;
  } catch {
    return undefined;
  }
}

/**
 * The headers of a JSON request to an upstream: JSON in, SSE back when streaming, and an uncompressed
 * answer, because the relay reads and converts the answer's bytes as they come.
 */
export const jsonHeaders = (stream: boolean): Record<string, string> => ({
  'content-type': 'application/json',
  accept: stream ? 'text/event-stream' : 'application/json',
  'accept-encoding': 'identity',
});
