import type { FastifyInstance } from 'fastify';
import { containsNul, nulRefused } from './refuse-nul.js';

/**
 * JSON bodies as one-api (gin) reads them: a request that says `Content-Type: application/json` and sends
 * nothing has no body, instead of Fastify's "Body cannot be empty" refusal (scripts set the header on every
 * call, DELETEs and GETs included). Anything else goes to Fastify's own parser, which refuses malformed JSON
 * and prototype poisoning with a 400; a NUL character in any string is refused with a 400 too (refuse-nul.ts).
 */
export function acceptEmptyJsonBody(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    // parseAs 'string' gives a string.
    const text = body as string;
    if (text.trim() === '') {
      done(null, undefined);
      return;
    }
    parseJson(request, text, (error, parsed) => {
      if (!error && containsNul(parsed)) done(nulRefused(), undefined);
      else done(error, parsed);
    });
  });
}
