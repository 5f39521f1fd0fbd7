import { channelType } from '@tollgate/contract';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { RelayBodies, VENDOR_DOCS } from '../http/openapi/relay-bodies.js';
import { describeRoutes } from '../http/openapi/route-description.js';
import { findResponseRoute, forgetResponseRoute, rememberResponseRoute } from '../db/response-routes.js';
import { responsesEndpoint, responsesProtocol } from '../providers/openai/responses/endpoint.js';
import { InvalidResponsesRequest, INVALID_VALUE } from '../providers/openai/responses/invalid-request.js';
import { readResponsesRequest } from '../providers/openai/responses/request-to-hub.js';
import { authenticate } from './auth/authenticate.js';
import { ClientHangup } from './client-hangup.js';
import { textRules } from './modes/text-rules.js';
import { nativeEndpointFor } from './passthrough.js';
import { relayHandler } from './relay.js';
import type { DirectRoutes } from './direct/direct-routes.js';
import type { RelayEndpoint } from './relay-endpoint.js';
import type { RelayRequest } from './relay-exchange.js';
import { RelayError } from './relay-error.js';
import { readJsonBody, type BodyRefusals } from './json-body.js';
import { adaptorOfChannel } from './relay-plan.js';
import { foreignInput, hubFields, type RelayInput } from './request-input.js';
import { relayPath } from './relay-path.js';

/**
 * OpenAI's Responses API as its SDKs and Codex CLI call it, at /v1/responses: passed through to channels that
 * take it natively (OpenAI, Azure), converted through the hub for the others. A response an upstream stored
 * is remembered with its channel (db/response-routes.ts): a request continuing it goes to that channel, and
 * the calls about it (retrieve, delete, cancel, input items) are proxied there, unbilled, for its user only.
 * Docs: https://platform.openai.com/docs/api-reference/responses
 */

/** What its clients are told of a body that is not a JSON object. */
const BODY_REFUSALS: BodyRefusals = { notJson: 'We could not parse the JSON body of your request.', notObject: 'The request body must be a JSON object.', code: 'invalid_json' };

/** A Responses request read, or OpenAI's 400 naming the parameter, before anything is reserved. */
function responsesInput(request: RelayRequest): RelayInput {
  const { raw, json } = readJsonBody(request, BODY_REFUSALS);
  try {
    const { hub, maxTokens, nativeOnly, leftOut } = readResponsesRequest(json);
    const model = String(json.model);
    return foreignInput('responses', { raw, json, model, stream: json.stream === true, maxTokens, contentType: 'application/json', nativeOnly, leftOut }, () => hubFields(hub, model));
  } catch (error) {
    if (error instanceof InvalidResponsesRequest) throw new RelayError(400, error.message, INVALID_VALUE, 'invalid_request_error', error.field);
    throw error;
  }
}

const RESPONSES: RelayEndpoint = {
  protocol: responsesProtocol,
  mode: 'chat',
  rules: { ...textRules('chat'), readInput: responsesInput },
  ingress: responsesEndpoint,
  /** The channel that stored the response the request continues, when it is the same user's and still exists. */
  async affinity(ctx, input, key) {
    const previous = input.json.previous_response_id;
    if (typeof previous !== 'string' || !previous) return undefined;
    const route = await findResponseRoute(ctx.db, previous);
    return route && route.userId === key.userId && ctx.relay.channels.table.channel(route.channelId) ? route.channelId : undefined;
  },
  remember(ctx, answer, requestId) {
    rememberResponseRoute(ctx.db, answer.answerId, answer, (error) => ctx.log.error({ err: error, reqId: requestId, responseId: answer.answerId }, 'could not remember the channel of a stored response'));
  },
};

const notFound = (id: string) => new RelayError(404, `Response with id '${id}' not found.`, 'not_found', 'invalid_request_error', 'response_id');

/**
 * A call about a stored response, sent as the client made it (path and query) to the channel that stored
 * it, with that channel's credentials; the upstream's answer is the client's, unbilled and unlogged.
 */
async function aboutStoredResponse(ctx: AppContext, request: FastifyRequest, reply: FastifyReply, method: 'GET' | 'POST' | 'DELETE') {
  const { id } = request.params as { id: string };
  const credential = responsesProtocol.credential(request.headers, request.query as Record<string, unknown>);
  const caller = await authenticate(ctx.relay.keys, credential, request.ip);
  const route = await findResponseRoute(ctx.db, id);
  const channel = route && route.userId === caller.record.userId ? ctx.relay.channels.table.channel(route.channelId) : undefined;
  const type = channel ? channelType(channel.type) : undefined;
  const adaptor = channel ? adaptorOfChannel(channel) : undefined;
  const native = channel && adaptor ? nativeEndpointFor(channel, adaptor, 'responses', '') : undefined;
  if (!channel || !type || !native) throw notFound(id);
  const body = method === 'POST' ? (Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0)) : Buffer.alloc(0);
  const target = { type, key: channel.key, baseUrl: channel.baseUrl, other: channel.other, config: channel.config, settings: ctx.relay.providerSettings };
  const built = native.buildRequest({ target, mode: 'chat', path: relayPath(request.url), model: '', stream: false, body, contentType: 'application/json', clientHeaders: request.headers });
  const upstream = await ctx.relay.upstream
    .send({ url: built.url, method, headers: built.headers, ...(method === 'POST' ? { body: built.body } : {}), signal: new ClientHangup(reply.raw) })
    .catch((error: unknown) => {
      throw new RelayError(502, `upstream request failed: ${(error as Error).message}`, 'do_request_failed', 'upstream_error');
    });
  const answer = await upstream.body.bytes();
  if (method === 'DELETE' && upstream.statusCode === 200) await forgetResponseRoute(ctx.db, id);
  return reply.status(upstream.statusCode).type(String(upstream.headers['content-type'] ?? 'application/json')).send(answer);
}

const doc = describeRoutes({ tag: 'OpenAI', auth: 'key', externalDocs: `${VENDOR_DOCS.openai}/responses` });

/** The Responses API under /v1: the relayed POST, and the calls about stored responses. */
export const responsesRoutes = (ctx: AppContext, direct: DirectRoutes): FastifyPluginAsync => async (app) => {
  const inFlight =
    <T>(handle: (request: FastifyRequest, reply: FastifyReply) => Promise<T>) =>
    (request: FastifyRequest, reply: FastifyReply) =>
      ctx.relay.inFlight.track(() => handle(request, reply));
  // Errors in OpenAI's shape, as the /v1 scope's handler answers them.
  direct.postOn(app, '/responses', responsesProtocol, relayHandler(ctx, RESPONSES), doc('Create a response', { body: RelayBodies.responses, answer: 'json-or-stream' }));
  const stored = (summary: string) => doc(summary, { description: 'Asked of the channel that created the response.' });
  app.get('/responses/:id', stored('Read a stored response'), inFlight((request, reply) => aboutStoredResponse(ctx, request, reply, 'GET')));
  app.delete('/responses/:id', stored('Delete a stored response'), inFlight((request, reply) => aboutStoredResponse(ctx, request, reply, 'DELETE')));
  app.post('/responses/:id/cancel', stored('Cancel a background response'), inFlight((request, reply) => aboutStoredResponse(ctx, request, reply, 'POST')));
  app.get('/responses/:id/input_items', stored('List a stored response\'s input items'), inFlight((request, reply) => aboutStoredResponse(ctx, request, reply, 'GET')));
};
