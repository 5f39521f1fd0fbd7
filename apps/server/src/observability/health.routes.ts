import type { FastifyPluginAsync } from 'fastify';
import { describeRoutes } from '../http/openapi/route-description.js';
import type { ReadinessProbe } from './readiness.js';

const doc = describeRoutes({ tag: 'Operations', auth: 'public', answer: 'json' });

/**
 * Probes for orchestrators: /healthz says the process answers, /readyz whether it can serve (database,
 * migrations, Redis). Outside /api and /v1, so no rate limit or key applies, and like every request they
 * are not access-logged.
 */
export const healthRoutes =
  (probe: ReadinessProbe): FastifyPluginAsync =>
  async (app) => {
    app.get('/healthz', doc('Whether the process answers'), async () => ({ status: 'ok' }));
    app.get('/readyz', doc('Whether the server can serve: database, migrations, Redis', { description: '503 when it cannot, with each check.' }), async (_request, reply) => {
      const { ready, checks } = await probe.check();
      return reply.status(ready ? 200 : 503).send({ status: ready ? 'ok' : 'unavailable', checks });
    });
  };
