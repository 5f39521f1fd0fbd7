import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../context.js';
import { RelayBodies, VENDOR_DOCS } from '../http/openapi/relay-bodies.js';
import { describeRoutes } from '../http/openapi/route-description.js';
import { openAIProtocol } from '../providers/openai/ingress/protocol.js';
import { rerankEndpoint } from '../providers/rerank/rerank-endpoint.js';
import type { DirectRoutes } from './direct/direct-routes.js';
import { rerankRules } from './modes/rerank-rules.js';
import { useRelayConventions } from './relay-conventions.js';
import type { RelayEndpoint } from './relay-endpoint.js';
import { relayHandler } from './relay.js';

/** Rerank as Cohere and Jina shape it (providers/rerank), with OpenAI's errors as every /v1 endpoint. */
export const RERANK_ENDPOINT: RelayEndpoint = { protocol: openAIProtocol, mode: 'rerank', rules: rerankRules, ingress: rerankEndpoint };

const doc = describeRoutes({ tag: 'OpenAI', auth: 'key', externalDocs: VENDOR_DOCS.rerank });

/**
 * POST /v2/rerank, Cohere's own path: the Cohere SDK (`ClientV2(base_url=…)`) pointed at Tollgate sends its
 * rerank there, and LiteLLM's Cohere provider too. The same relay as POST /v1/rerank; Bearer keys as on /v1.
 */
export const cohereRerankRoutes =
  (ctx: AppContext, direct: DirectRoutes): FastifyPluginAsync =>
  async (app) => {
    useRelayConventions(app, openAIProtocol);
    direct.postOn(app, '/rerank', openAIProtocol, relayHandler(ctx, RERANK_ENDPOINT), doc("Rerank documents at Cohere's v2 path", { body: RelayBodies.rerank }));
  };
