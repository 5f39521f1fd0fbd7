import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { RelayBodies, VENDOR_DOCS } from '../http/openapi/relay-bodies.js';
import { describeRoutes } from '../http/openapi/route-description.js';
import { countTokensAnswer, countTokensFromUpstream } from '../providers/anthropic/ingress/count-tokens.js';
import { messagesEndpoint } from '../providers/anthropic/ingress/endpoints.js';
import { INVALID_REQUEST, InvalidRequest } from '../providers/anthropic/ingress/invalid-request.js';
import { anthropicProtocol } from '../providers/anthropic/ingress/protocol.js';
import { readMessagesRequest } from '../providers/anthropic/ingress/request-to-hub.js';
import { textRules } from './modes/text-rules.js';
import { relayHandler } from './relay.js';
import type { DirectRoutes } from './direct/direct-routes.js';
import { answerErrorsAs } from './relay-conventions.js';
import type { RelayEndpoint } from './relay-endpoint.js';
import type { RelayRequest } from './relay-exchange.js';
import { RelayError } from './relay-error.js';
import { readJsonBody, type BodyRefusals } from './json-body.js';
import { foreignInput, hubFields, type RelayInput } from './request-input.js';
import { counterFor } from './tokens/encoders.js';
import { passThroughUnbilled, readUnbilled } from './unbilled-call.js';
import { promptTokens } from './usage.js';

/**
 * The Anthropic Messages API as its SDKs and Claude Code call it (reference providers.md 2.8): POST
 * /v1/messages (the SDKs' beta namespace adds `?beta=true`, which changes nothing here) and
 * /v1/messages/count_tokens, with Anthropic's errors. Docs: https://docs.anthropic.com/en/api/messages
 */

/** What its clients are told of a body that is not a JSON object. */
const BODY_REFUSALS: BodyRefusals = { notJson: 'There was an issue with your request body: it is not valid JSON', notObject: 'The request body must be a JSON object', code: INVALID_REQUEST };

/** A Messages request read, or Anthropic's 400 naming the field, before anything is reserved. */
function messagesInput(request: RelayRequest, countOnly: boolean): RelayInput {
  const { raw, json } = readJsonBody(request, BODY_REFUSALS);
  try {
    const { hub, maxTokens, nativeOnly, leftOut } = readMessagesRequest(json, countOnly);
    const model = String(hub.model);
    const stream = hub.stream === true;
    return foreignInput('anthropic', { raw, json, model, stream, maxTokens, contentType: 'application/json', nativeOnly, leftOut }, () => hubFields(hub, model));
  } catch (error) {
    if (error instanceof InvalidRequest) throw new RelayError(400, error.message, INVALID_REQUEST, 'invalid_request_error', error.field);
    throw error;
  }
}

const endpoint = (countOnly: boolean): RelayEndpoint => ({
  protocol: anthropicProtocol,
  mode: 'chat',
  rules: { ...textRules('chat'), readInput: (request) => messagesInput(request, countOnly) },
  ingress: messagesEndpoint,
});

const MESSAGES = endpoint(false);
const COUNT_TOKENS = endpoint(true);

/** count_tokens is neither billed nor logged: a channel that takes Anthropic natively counts, else Tollgate does. */
async function countTokens(ctx: AppContext, request: FastifyRequest, reply: FastifyReply) {
  const unbilled = await readUnbilled(ctx, request, COUNT_TOKENS);
  // Some Anthropic-compatible vendors serve messages but not count_tokens: their 404 is answered by a local count.
  const upstream = await passThroughUnbilled(ctx, request, reply, COUNT_TOKENS, unbilled).catch((error: unknown) => {
    if (error instanceof RelayError && [404, 405, 501].includes(error.status)) return undefined;
    throw error;
  });
  if (upstream) {
    const body = await upstream.body.bytes();
    return reply.status(upstream.statusCode).type(String(upstream.headers['content-type'] ?? 'application/json')).send(countTokensFromUpstream(body));
  }
  const { input } = unbilled;
  const counter = await counterFor(input.model, ctx.options.bool('ApproximateTokenEnabled'));
  return countTokensAnswer(promptTokens('chat', input.hub(), input.model, counter));
}

/** Registered inside the OpenAI surface at /v1, whose body parsing it shares; its errors take Anthropic's shape. */
const doc = describeRoutes({ tag: 'Anthropic', auth: 'anthropic-key', externalDocs: VENDOR_DOCS.anthropic });

export const anthropicRoutes = (ctx: AppContext, direct: DirectRoutes): FastifyPluginAsync => async (app) => {
  answerErrorsAs(app, anthropicProtocol);
  direct.postOn(app, '/messages', anthropicProtocol, relayHandler(ctx, MESSAGES), doc('Create a message', { body: RelayBodies.messages, answer: 'json-or-stream' }));
  app.post('/messages/count_tokens', doc('Count a message\'s input tokens (not billed)', { body: RelayBodies.countTokens }), (request, reply) => ctx.relay.inFlight.track(() => countTokens(ctx, request, reply)));
};
