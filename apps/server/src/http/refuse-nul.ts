import type { FastifyInstance } from 'fastify';
import { ApiError } from './errors.js';

/**
 * PostgreSQL's text columns cannot hold the NUL character (U+0000): a name, a search keyword or a key with
 * one in it failed in the database with a 500. No field of ours has a use for it, so it is refused at the
 * door with a 400 naming the problem, on every database alike.
 */
export const nulRefused = () => new ApiError('http.nul_character', {}, 400);

/** A NUL in any string of a parsed JSON body, keys included. */
export function containsNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (Array.isArray(value)) return value.some(containsNul);
  if (value !== null && typeof value === 'object') return Object.entries(value).some(([key, child]) => key.includes('\u0000') || containsNul(child));
  return false;
}

/** Refuses a request whose path or query string carries an encoded NUL (`%00`), before any route reads it. */
export function refuseNulInUrl(app: FastifyInstance): void {
  // A callback hook, not an async one: no promise per request on the relay's path.
  app.addHook('onRequest', (request, _reply, done) => {
    done(request.url.includes('%00') ? nulRefused() : undefined);
  });
}
