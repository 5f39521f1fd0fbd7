import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { describeRoutes } from '../../http/openapi/route-description.js';
import { RelayError } from '../relay-error.js';

const doc = describeRoutes({ tag: 'OpenAI', auth: 'key', externalDocs: 'https://platform.openai.com/docs/guides/realtime-websocket' });

const RealtimeQuery = z.object({
  model: z.string().min(1).max(256).meta({ description: 'The Realtime model (gpt-realtime, gpt-4o-realtime-preview…); Azure clients may name it `deployment`.' }),
});

const DESCRIPTION = [
  "OpenAI's Realtime API over WebSocket: send this GET with `Upgrade: websocket` and the key in `Authorization: Bearer sk-…`, or, from a browser,",
  'as the subprotocol `openai-insecure-api-key.sk-…` beside `realtime` (answered). Frames are relayed both ways untouched; each `response.done` is billed',
  'from its usage. Refusals before the upgrade are HTTP errors in OpenAI’s shape; a session whose quota runs out gets an `error` event and is',
  'closed with 1008. Without `Upgrade: websocket` this answers 426.',
].join(' ');

/**
 * GET /v1/realtime as plain HTTP: only a WebSocket handshake opens a session (realtime-upgrade.ts takes those before
 * Fastify sees them), so anything else is told so with a 426 in OpenAI's shape, rather than a 404 for a path that
 * exists. The route also describes the endpoint in the OpenAPI document.
 */
export const realtimeRoutes: FastifyPluginAsync = async (app) => {
  app.get('/realtime', doc('Open a Realtime session (WebSocket)', { query: RealtimeQuery, description: DESCRIPTION }), async (request, reply) => {
    const refusal = new RelayError(426, 'GET /v1/realtime opens a WebSocket: send it with Upgrade: websocket', 'websocket_required', 'invalid_request_error');
    return reply.status(426).header('upgrade', 'websocket').send(refusal.toBody(request.id));
  });
};
