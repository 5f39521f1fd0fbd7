import fastifyCookie from '@fastify/cookie';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { AppContext } from './context.js';
import { registerConsole } from './http/console.js';
import { decodeCompressedBodies } from './http/body-encoding.js';
import { acceptEmptyJsonBody } from './http/empty-json-body.js';
import { answerError, answerNotFound } from './http/error-handler.js';
import { openApiRoutes } from './http/openapi/openapi.routes.js';
import { RouteCatalog } from './http/openapi/route-catalog.js';
import { LazyChildLogger } from './http/lazy-child-logger.js';
import { rateLimit } from './http/rate-limit-hook.js';
import { refuseNulInUrl } from './http/refuse-nul.js';
import { newRequestId, REQUEST_ID_HEADER } from './http/request-id.js';
import { emailAuthRoutes } from './modules/auth/email-auth.routes.js';
import { channelHealthRoutes } from './modules/channels/channel-health.routes.js';
import { channelModelRoutes } from './modules/channels/channel-models.routes.js';
import { channelRoutes } from './modules/channels/channels.routes.js';
import { configTransferRoutes } from './modules/config-transfer/config-transfer.routes.js';
import { modelCatalogRoutes } from './modules/models/models.routes.js';
import { pricingRoutes } from './modules/pricing/pricing.routes.js';
import { priceSourceRoutes } from './modules/prices/price-source.routes.js';
import { oauthRoutes } from './modules/oauth/oauth.routes.js';
import { redemptionRoutes } from './modules/redemptions/redemptions.routes.js';
import { topupRoutes } from './modules/redemptions/topup.routes.js';
import { groupRoutes } from './modules/groups/groups.routes.js';
import { logRoutes } from './modules/logs/logs.routes.js';
import { analyticsRoutes } from './modules/analytics/analytics.routes.js';
import { rollupExportRoutes } from './modules/analytics/rollup-export.routes.js';
import { logExportRoutes } from './modules/logs/log-export.routes.js';
import { optionRoutes } from './modules/options/options.routes.js';
import { healthRoutes } from './observability/health.routes.js';
import { metricsRoute } from './observability/metrics-http.js';
import { ReadinessProbe } from './observability/readiness.js';
import { geminiRoutes } from './relay/gemini.routes.js';
import { serveRealtime } from './relay/realtime/realtime-upgrade.js';
import { dashboardRoutes, relayRoutes } from './relay/relay.routes.js';
import { cohereRerankRoutes } from './relay/rerank.routes.js';
import { clientAddressFor } from './relay/direct/client-address.js';
import { DirectRoutes } from './relay/direct/direct-routes.js';
import { answerClientError, answerFrameworkError, MAX_PARAM_LENGTH } from './relay/framework-errors.js';
import { serverServing } from './relay/direct/direct-server.js';
import { statusRoutes } from './modules/status/status.routes.js';
import { tokenRoutes } from './modules/tokens/tokens.routes.js';
import { adminTopupRoutes } from './modules/users/admin-topup.routes.js';
import { adminUserRoutes } from './modules/users/admin-users.routes.js';
import { userUsageRoutes } from './modules/users/user-usage.routes.js';
import { userRoutes } from './modules/users/users.routes.js';
import { twoFactorRoutes } from './modules/two-factor/two-factor.routes.js';
import { twoFactorAdminRoutes } from './modules/two-factor/two-factor-admin.routes.js';
import { passkeyRoutes } from './modules/passkeys/passkeys.routes.js';
import { passkeyLoginRoutes } from './modules/passkeys/passkey-login.routes.js';

export interface BuildOptions {
  /** Folder of the built console; omitted in API tests. */
  webDist?: string;
  logger?: boolean | { level: string };
  /** Told of every route as it is registered (HEAD twins excluded); the permission-matrix test lists them so. */
  onRoute?: (route: { method: string; url: string }) => void;
}

const isApiPath = (url: string) =>
  url.startsWith('/api/') || url === '/api' || url.startsWith('/v1/') || url === '/v1' || url.startsWith('/v1beta/') || url === '/v1beta' || url.startsWith('/v2/rerank');

/** The largest body a request may have (Fastify's bodyLimit): an image or an audio file is sent inline. */
const BODY_LIMIT = 64 * 1024 * 1024;

export async function buildApp(ctx: AppContext, options: BuildOptions = {}): Promise<FastifyInstance> {
  const direct = new DirectRoutes({ bodyLimit: BODY_LIMIT, clientAddress: clientAddressFor(ctx.config.TRUSTED_PROXIES), log: (): FastifyBaseLogger => app.log });
  const app: FastifyInstance = Fastify({
    // The server's requests reach the relay's direct routes first (relay/direct/direct-routes.ts).
    serverFactory: (handler, serverOptions) => serverServing(direct, handler, serverOptions),
    logger: options.logger ?? false,
    genReqId: () => newRequestId(),
    childLoggerFactory: (logger, bindings, childOptions) => LazyChildLogger.create(logger, bindings, childOptions),
    trustProxy: ctx.config.TRUSTED_PROXIES,
    // The console calls list routes with a trailing slash and others without; gin redirected, we match both.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: MAX_PARAM_LENGTH },
    bodyLimit: BODY_LIMIT,
    // What the router and Node's parser refuse is answered in the path's protocol, not in Fastify's own shape.
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: answerClientError,
    // Per-request access logs would cost the relay more than it serves; errors are still logged.
    logController: new LogController({ disableRequestLogging: true }),
  });

  // Before the first route: the OpenAPI document is generated from every route registered (http/openapi/).
  const routeCatalog = RouteCatalog.collecting(app);
  const { onRoute } = options;
  if (onRoute) {
    app.addHook('onRoute', (route) => {
      for (const method of [route.method].flat()) if (method !== 'HEAD') onRoute({ method, url: route.url });
    });
  }

  // A callback hook, not an async one: no promise per request.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    done();
  });
  refuseNulInUrl(app);
  // A closing server refuses new requests (503): Fastify does, so the direct routes leave them to it.
  app.addHook('preClose', (done) => {
    direct.close();
    done();
  });

  app.setErrorHandler(answerError);
  decodeCompressedBodies(app, BODY_LIMIT);

  await app.register(
    async (api) => {
      // Only the console's API has a session: the relay never parses or sets cookies.
      await api.register(fastifyCookie);
      acceptEmptyJsonBody(api);
      api.addHook('onRequest', rateLimit(ctx, 'GA', ctx.config.GLOBAL_API_RATE_LIMIT, ctx.config.globalRateWindowSeconds));
      await api.register(statusRoutes(ctx));
      await api.register(userRoutes(ctx), { prefix: '/user' });
      await api.register(twoFactorRoutes(ctx), { prefix: '/user' });
      await api.register(twoFactorAdminRoutes(ctx), { prefix: '/user' });
      await api.register(passkeyRoutes(ctx), { prefix: '/user' });
      await api.register(passkeyLoginRoutes(ctx), { prefix: '/user' });
      await api.register(emailAuthRoutes(ctx));
      await api.register(oauthRoutes(ctx), { prefix: '/oauth' });
      await api.register(topupRoutes(ctx), { prefix: '/user' });
      await api.register(tokenRoutes(ctx), { prefix: '/token' });
      await api.register(redemptionRoutes(ctx), { prefix: '/redemption' });
      await api.register(groupRoutes(ctx), { prefix: '/group' });
      await api.register(channelRoutes(ctx), { prefix: '/channel' });
      await api.register(channelHealthRoutes(ctx), { prefix: '/channel' });
      await api.register(channelModelRoutes(ctx), { prefix: '/channel' });
      await api.register(modelCatalogRoutes(ctx), { prefix: '/models' });
      await api.register(pricingRoutes(ctx), { prefix: '/pricing' });
      await api.register(priceSourceRoutes(ctx), { prefix: '/prices' });
      await api.register(adminUserRoutes(ctx), { prefix: '/user' });
      await api.register(userUsageRoutes(ctx), { prefix: '/user' });
      await api.register(adminTopupRoutes(ctx), { prefix: '/topup' });
      await api.register(optionRoutes(ctx), { prefix: '/option' });
      await api.register(logRoutes(ctx), { prefix: '/log' });
      await api.register(configTransferRoutes(ctx), { prefix: '/config' });
      await api.register(logExportRoutes(ctx), { prefix: '/log' });
      await api.register(analyticsRoutes(ctx), { prefix: '/analytics' });
      await api.register(rollupExportRoutes(ctx), { prefix: '/analytics' });
      await api.register(openApiRoutes(routeCatalog));
    },
    { prefix: '/api' },
  );

  // Probes and the scrape: outside /api and /v1, so no rate limit applies.
  await app.register(healthRoutes(new ReadinessProbe(ctx.db, ctx.dialect, ctx.redis, ctx.relay.budgets.ledger, ctx.relay.responseCache)));
  await app.register(metricsRoute({ metrics: ctx.metrics, token: ctx.config.METRICS_TOKEN, ...(ctx.config.METRICS_PORT ? { port: ctx.config.METRICS_PORT } : {}) }));

  await app.register(relayRoutes(ctx, direct), { prefix: '/v1' });
  // GET /v1/realtime upgraded to a WebSocket (OpenAI's Realtime API): the server's upgrade requests, outside Fastify's routes.
  serveRealtime(ctx, app);
  await app.register(geminiRoutes(ctx), { prefix: '/v1beta' });
  // Cohere's rerank path, for the Cohere SDK pointed at Tollgate (POST /v1/rerank is the same relay).
  await app.register(cohereRerankRoutes(ctx, direct), { prefix: '/v2' });
  await app.register(dashboardRoutes(ctx), { prefix: '/dashboard' });

  const sendIndex = options.webDist ? await registerConsole(app, options.webDist) : undefined;
  const webLimit = rateLimit(ctx, 'GW', ctx.config.GLOBAL_WEB_RATE_LIMIT, ctx.config.globalRateWindowSeconds);

  app.setNotFoundHandler(async (request, reply) => {
    if (isApiPath(request.url)) {
      // one-api's NoRoute answer, in OpenAI's error shape, for both /api and /v1.
      return reply.status(404).send({
        error: { message: `Invalid URL (${request.method} ${request.url.split('?')[0]})`, type: 'invalid_request_error', param: '', code: '' },
      });
    }
    if (ctx.config.NODE_TYPE === 'slave' && ctx.config.FRONTEND_BASE_URL) {
      return reply.redirect(`${ctx.config.FRONTEND_BASE_URL.replace(/\/$/, '')}${request.url}`, 301);
    }
    if (sendIndex && (request.method === 'GET' || request.method === 'HEAD')) {
      await webLimit.call(app, request, reply);
      return sendIndex(reply);
    }
    return answerNotFound(request, reply);
  });

  return app;
}
