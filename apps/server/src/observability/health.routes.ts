import type { FastifyPluginAsync } from 'fastify';
import type { ReadinessProbe } from './readiness.js';

/**
 * Probes for orchestrators: /healthz says the process answers, /readyz whether it can serve (database,
 * migrations, Redis). Outside /api and /v1, so no rate limit or key applies, and like every request they
 * are not access-logged.
 */
export const healthRoutes =
  (probe: ReadinessProbe): FastifyPluginAsync =>
  async (app) => {
    app.get('/healthz', async () => ({ status: 'ok' }));
    app.get('/readyz', async (_request, reply) => {
      const { ready, checks } = await probe.check();
      return reply.status(ready ? 200 : 503).send({ status: ready ? 'ok' : 'unavailable', checks });
    });
  };
