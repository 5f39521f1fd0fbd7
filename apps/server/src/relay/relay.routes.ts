import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../context.js';
import { rateLimit } from '../http/rate-limit-hook.js';
import { RelayBodies, VENDOR_DOCS } from '../http/openapi/relay-bodies.js';
import { describeRoutes, hiddenRoute } from '../http/openapi/route-description.js';
import type { RelayMode } from '../providers/adaptor.js';
import { openAIEndpoint } from '../providers/openai/ingress/chat-endpoint.js';
import { openAIProtocol } from '../providers/openai/ingress/protocol.js';
import { anthropicRoutes } from './anthropic.routes.js';
import { billingEmulationRoutes } from './billing-emulation.routes.js';
import { geminiMethodRoutes } from './gemini.routes.js';
import { modelsRoutes } from './models.routes.js';
import { proxyRoutes } from './proxy.routes.js';
import { relayError } from './relay-error.js';
import { useRelayConventions } from './relay-conventions.js';
import { speechRules, transcriptionRules } from './modes/audio-rules.js';
import { imageRules } from './modes/image-rules.js';
import type { ModeRules } from './modes/mode-rules.js';
import { textRules } from './modes/text-rules.js';
import { RERANK_ENDPOINT } from './rerank.routes.js';
import { relayHandler } from './relay.js';
import type { DirectRoutes } from './direct/direct-routes.js';
import { responsesRoutes } from './responses.routes.js';
import { realtimeRoutes } from './realtime/realtime.routes.js';

const doc = describeRoutes({ tag: 'OpenAI', auth: 'key', externalDocs: VENDOR_DOCS.openai });

const RELAY_ROUTES: [string, RelayMode, ModeRules, ReturnType<typeof doc>][] = [
  ['/chat/completions', 'chat', textRules('chat'), doc('Chat completion', { body: RelayBodies.chat, answer: 'json-or-stream' })],
  ['/completions', 'completions', textRules('completions'), doc('Text completion (legacy)', { body: RelayBodies.completions, answer: 'json-or-stream' })],
  ['/edits', 'edits', textRules('edits'), doc('Edit (legacy)', { body: RelayBodies.edits })],
  ['/embeddings', 'embeddings', textRules('embeddings'), doc('Embeddings', { body: RelayBodies.embeddings })],
  ['/engines/:model/embeddings', 'embeddings', textRules('embeddings'), doc('Embeddings, with the model in the path (legacy)', { body: RelayBodies.embeddings })],
  ['/moderations', 'moderations', textRules('moderations'), doc('Moderation', { body: RelayBodies.moderations })],
  ['/images/generations', 'images', imageRules, doc('Image generation', { body: RelayBodies.images })],
  ['/audio/speech', 'speech', speechRules, doc('Text to speech', { body: RelayBodies.speech, answer: 'binary' })],
  ['/audio/transcriptions', 'transcriptions', transcriptionRules, doc('Speech to text', { body: RelayBodies.transcription, bodyType: 'multipart/form-data' })],
  ['/audio/translations', 'translations', transcriptionRules, doc('Speech to English text', { body: RelayBodies.transcription, bodyType: 'multipart/form-data' })],
];

/** OpenAI endpoints one-api does not implement either: a clear 501 rather than a 404. */
const NOT_IMPLEMENTED = ['/images/edits', '/images/variations', '/files', '/files/*', '/fine_tuning/jobs', '/fine_tuning/jobs/*', '/assistants', '/assistants/*', '/threads', '/threads/*'];

/** The OpenAI-compatible surface at /v1 (and the billing emulation at /dashboard): OpenAI's shapes and errors. */
export const relayRoutes = (ctx: AppContext, direct: DirectRoutes): FastifyPluginAsync => async (app) => {
  useRelayConventions(app, openAIProtocol);
  for (const [path, mode, rules, description] of RELAY_ROUTES) {
    direct.postOn(app, path, openAIProtocol, relayHandler(ctx, { protocol: openAIProtocol, mode, rules, ingress: openAIEndpoint }), description);
  }
  // Cohere's and Jina's rerank, answered in their shape (providers/rerank), with OpenAI's errors as every /v1 endpoint.
  direct.postOn(app, '/rerank', openAIProtocol, relayHandler(ctx, RERANK_ENDPOINT), doc('Rerank documents by relevance to a query', { body: RelayBodies.rerank, externalDocs: VENDOR_DOCS.rerank }));
  const notImplemented = hiddenRoute('an OpenAI endpoint Tollgate does not serve: it answers 501');
  for (const path of NOT_IMPLEMENTED) app.all(path, notImplemented, async () => Promise.reject(relayError.notImplemented()));
  app.delete('/models/:model', notImplemented, async () => Promise.reject(relayError.notImplemented()));
  await app.register(modelsRoutes(ctx));
  // Gemini's POST models/{model}:{method}, also served at /v1 as Google serves it, answering in Google's shape.
  await app.register(geminiMethodRoutes(ctx));
  // Anthropic's /v1/messages, answering in Anthropic's shape.
  await app.register(anthropicRoutes(ctx, direct));
  await app.register(responsesRoutes(ctx, direct));
  await app.register(proxyRoutes(ctx));
  // GET /v1/realtime without a WebSocket upgrade (sessions are opened in realtime/realtime-upgrade.ts): a 426, and its description.
  await app.register(realtimeRoutes);
  await app.register(rateLimitedBilling(ctx), { prefix: '/dashboard' });
};

/** The billing emulation at /dashboard: the same routes as /v1/dashboard, with the relay's conventions. */
export const dashboardRoutes = (ctx: AppContext): FastifyPluginAsync => async (app) => {
  useRelayConventions(app, openAIProtocol);
  await app.register(rateLimitedBilling(ctx));
};

/** One-api limits the billing emulation by the global API rate limit under both of its paths (reference 1.1). */
const rateLimitedBilling = (ctx: AppContext): FastifyPluginAsync => async (app) => {
  app.addHook('onRequest', rateLimit(ctx, 'GA', ctx.config.GLOBAL_API_RATE_LIMIT, ctx.config.globalRateWindowSeconds));
  await app.register(billingEmulationRoutes(ctx));
};
