import type { FastifyError, FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../context.js';
import { ApiError } from '../http/errors.js';
import { rateLimit } from '../http/rate-limit-hook.js';
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
  for (const [path, mode, rules] of RELAY_ROUTES) {
    app.post(path, (request, reply) => {
      const done = ctx.relay.inFlight.begin();
      return relay(ctx, request, reply, mode, rules).finally(done);
    });
  }
  for (const path of NOT_IMPLEMENTED) app.all(path, async () => Promise.reject(relayError.notImplemented()));
  app.delete('/models/:model', async () => Promise.reject(relayError.notImplemented()));
  await app.register(modelsRoutes(ctx));
  await app.register(proxyRoutes(ctx));
  await app.register(rateLimitedBilling(ctx), { prefix: '/dashboard' });
};

/** The billing emulation at /dashboard: the same routes as /v1/dashboard, with the relay's conventions. */
export const dashboardRoutes = (ctx: AppContext): FastifyPluginAsync => async (app) => {
  useRelayConventions(app);
  await app.register(rateLimitedBilling(ctx));
};

/** One-api limits the billing emulation by the global API rate limit under both of its paths (reference 1.1). */
const rateLimitedBilling = (ctx: AppContext): FastifyPluginAsync => async (app) => {
  app.addHook('onRequest', rateLimit(ctx, 'GA', ctx.config.GLOBAL_API_RATE_LIMIT, ctx.config.globalRateWindowSeconds));
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
  app.setErrorHandler((error: FastifyError | RelayError | ApiError, request, reply) => {
    if (error instanceof RelayError) return reply.status(error.status).send(error.toBody(request.id));
    // The shared hooks (the rate limits) refuse with the console's error type: answered in OpenAI's shape here.
    if (error instanceof ApiError) return reply.status(error.status).send(new RelayError(error.status, error.message, error.code).toBody(request.id));
    if (error.statusCode && error.statusCode < 500) {
      return reply.status(error.statusCode).send(new RelayError(error.statusCode, error.message, error.code ?? '', 'invalid_request_error').toBody(request.id));
    }
    request.log.error({ err: error }, 'relay failure');
    return reply.status(500).send(new RelayError(500, 'internal error', 'internal_error', 'one_api_panic').toBody(request.id));
  });
}
