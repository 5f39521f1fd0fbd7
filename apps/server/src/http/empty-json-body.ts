import type { FastifyInstance } from 'fastify';

/**
 * JSON bodies as one-api (gin) reads them: a request that says `Content-Type: application/json` and sends
 * nothing has no body, instead of Fastify's "Body cannot be empty" refusal (scripts set the header on every
 * call, DELETEs and GETs included). Anything else goes to Fastify's own parser, which refuses malformed JSON
 * and prototype poisoning with a 400.
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
    parseJson(request, text, done);
  });
}
