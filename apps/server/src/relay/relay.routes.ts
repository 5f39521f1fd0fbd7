import type { FastifyError, FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../context.js';
import type { RelayMode } from '../providers/adaptor.js';
import { billingEmulationRoutes } from './billing-emulation.routes.js';
import { corsHeaders } from './cors.js';
import { modelsRoutes } from './models.routes.js';
import { proxyRoutes } from './proxy.routes.js';
import { RelayError, relayError } from './relay-error.js';
import { speechRules, transcriptionRules } from './modes/audio-rules.js';
import { imageRules } from './modes/image-rules.js';
import type { ModeRules } from './modes/mode-rules.js';
import { textRules } from './modes/text-rules.js';
import { relay } from './relay.js';

const RELAY_ROUTES: [string, RelayMode, ModeRules][] = [
  ['/chat/completions', 'chat', textRules('chat')],
  ['/completions', 'completions', textRules('completions')],
  ['/edits', 'edits', textRules('edits')],
  ['/embeddings', 'embeddings', textRules('embeddings')],
  ['/engines/:model/embeddings', 'embeddings', textRules('embeddings')],
  ['/moderations', 'moderations', textRules('moderations')],
  ['/images/generations', 'images', imageRules],
  ['/audio/speech', 'speech', speechRules],
  ['/audio/transcriptions', 'transcriptions', transcriptionRules],
  ['/audio/translations', 'translations', transcriptionRules],
];

/** OpenAI endpoints one-api does not implement either: a clear 501 rather than a 404. */
const NOT_IMPLEMENTED = ['/images/edits', '/images/variations', '/files', '/files/*', '/fine_tuning/jobs', '/fine_tuning/jobs/*', '/assistants', '/assistants/*', '/threads', '/threads/*'];

/** The OpenAI-compatible surface at /v1 (and the billing emulation at /dashboard): OpenAI's shapes and errors. */
export const relayRoutes = (ctx: AppContext): FastifyPluginAsync => async (app) => {
  useRelayConventions(app);
  for (const [path, mode, rules] of RELAY_ROUTES) app.post(path, (request, reply) => relay(ctx, request, reply, mode, rules));
  for (const path of NOT_IMPLEMENTED) app.all(path, async () => Promise.reject(relayError.notImplemented()));
  app.delete('/models/:model', async () => Promise.reject(relayError.notImplemented()));
  await app.register(modelsRoutes(ctx));
  await app.register(proxyRoutes(ctx));
  await app.register(billingEmulationRoutes(ctx), { prefix: '/dashboard' });
};

export const dashboardRoutes = (ctx: AppContext): FastifyPluginAsync => async (app) => {
  useRelayConventions(app);
  await app.register(billingEmulationRoutes(ctx));
};

/**
 * Bodies are kept as raw bytes (passed through and replayed on retries), every answer carries CORS
 * headers, and errors take OpenAI's shape with the request id in the message.
 */
function useRelayConventions(app: FastifyInstance) {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(corsHeaders(request.headers.origin));
    done();
  });
  app.options('*', async (request, reply) => {
    reply.headers(corsHeaders(request.headers.origin, request.headers['access-control-request-headers'] as string | undefined)).status(204).send();
  });
  app.setErrorHandler((error: FastifyError | RelayError, request, reply) => {
    if (error instanceof RelayError) return reply.status(error.status).send(error.toBody(request.id));
    if (error.statusCode && error.statusCode < 500) {
      return reply.status(error.statusCode).send(new RelayError(error.statusCode, error.message, error.code ?? '', 'invalid_request_error').toBody(request.id));
    }
    request.log.error({ err: error }, 'relay failure');
    return reply.status(500).send(new RelayError(500, 'internal error', 'internal_error', 'one_api_panic').toBody(request.id));
  });
}
