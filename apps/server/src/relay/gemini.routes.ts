import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { RelayBodies, VENDOR_DOCS } from '../http/openapi/relay-bodies.js';
import { describeRoutes } from '../http/openapi/route-description.js';
import type { RelayMode } from '../providers/adaptor.js';
import { countTokensAnswer, readCountTokensRequest } from '../providers/gemini/ingress/count-tokens.js';
import { readEmbedRequest } from '../providers/gemini/ingress/embed-to-hub.js';
import { countTokensEndpoint, embedEndpoint, generateEndpoint } from '../providers/gemini/ingress/endpoints.js';
import { INVALID_ARGUMENT, InvalidArgument } from '../providers/gemini/ingress/invalid-argument.js';
import { geminiModel, geminiModelList } from '../providers/gemini/ingress/model-list.js';
import { geminiProtocol } from '../providers/gemini/ingress/protocol.js';
import { readGenerateRequest } from '../providers/gemini/ingress/request-to-hub.js';
import type { IngressEndpoint } from '../providers/ingress.js';
import type { JsonObject } from '../providers/openai/request-body.js';
import { authenticate } from './auth/authenticate.js';
import { textRules } from './modes/text-rules.js';
import { relay } from './relay.js';
import { answerErrorsAs, useRelayConventions } from './relay-conventions.js';
import type { RelayEndpoint } from './relay-endpoint.js';
import type { RelayRequest } from './relay-exchange.js';
import { RelayError } from './relay-error.js';
import { readJsonBody, type BodyRefusals } from './json-body.js';
import { foreignInput, hubFields, type RelayInput } from './request-input.js';
import { counterFor } from './tokens/encoders.js';
import { passThroughUnbilled, readUnbilled } from './unbilled-call.js';
import { promptTokens } from './usage.js';

/**
 * The Gemini API as Google's SDKs and Gemini CLI call it (reference providers.md 3.9): POST
 * models/{model}:{method} under /v1beta and /v1, and the model list under /v1beta, with Google's errors.
 * Docs: https://ai.google.dev/api
 */

/** `{model}:{method}`, split on the last colon; Fastify's router reads a colon as a parameter, so the segment is a wildcard. */
function modelAndMethod(request: RelayRequest): { model: string; method: string } {
  const target = (request.params as { '*'?: string })['*'] ?? '';
  const colon = target.lastIndexOf(':');
  return colon === -1 ? { model: target, method: '' } : { model: target.slice(0, colon), method: target.slice(colon + 1) };
}

/** What its clients are told of a body that is not a JSON object. */
const BODY_REFUSALS: BodyRefusals = { notJson: 'Invalid JSON payload received.', notObject: 'Invalid JSON payload received: the body must be an object.', code: 'invalid_json' };

/** A Gemini request read, or Google's 400 naming the field, before anything is reserved. */
function geminiInput(request: RelayRequest, read: (json: JsonObject, model: string) => { hub: JsonObject; maxTokens: number; nativeOnly?: string; leftOut?: readonly string[] }, stream: boolean): RelayInput {
  const { raw, json } = readJsonBody(request, BODY_REFUSALS);
  const { model } = modelAndMethod(request);
  try {
    const { hub, maxTokens, nativeOnly, leftOut } = read(json, model);
    return foreignInput('gemini', { raw, json, model, stream, maxTokens, contentType: 'application/json', nativeOnly, leftOut }, () => hubFields(hub, model));
  } catch (error) {
    if (error instanceof InvalidArgument) throw new RelayError(400, error.message, INVALID_ARGUMENT, 'invalid_request_error', error.field);
    throw error;
  }
}

const endpoint = (mode: RelayMode, ingress: IngressEndpoint, readInput: (request: RelayRequest) => RelayInput): RelayEndpoint => ({
  protocol: geminiProtocol,
  mode,
  rules: { ...textRules(mode), readInput },
  ingress,
});

const generate = (stream: boolean) => (request: RelayRequest) => geminiInput(request, (json, model) => readGenerateRequest(json, model, stream), stream);
const embed = (batch: boolean) => (request: RelayRequest) => geminiInput(request, (json, model) => ({ hub: readEmbedRequest(json, model, batch), maxTokens: 0 }), false);

const GENERATE = endpoint('chat', generateEndpoint('sse'), generate(false));
const STREAM_SSE = endpoint('chat', generateEndpoint('sse'), generate(true));
const STREAM_ARRAY = endpoint('chat', generateEndpoint('array'), generate(true));
const EMBED = endpoint('embeddings', embedEndpoint(false), embed(false));
const BATCH_EMBED = endpoint('embeddings', embedEndpoint(true), embed(true));
const COUNT_TOKENS = endpoint('chat', countTokensEndpoint, (request) => geminiInput(request, readCountTokensRequest, false));

function relayedEndpoint(request: FastifyRequest, method: string): RelayEndpoint | undefined {
  if (method === 'streamGenerateContent') return (request.query as { alt?: unknown }).alt === 'sse' ? STREAM_SSE : STREAM_ARRAY;
  return { generateContent: GENERATE, embedContent: EMBED, batchEmbedContents: BATCH_EMBED }[method];
}

/** countTokens is neither billed nor logged: a channel that takes Gemini natively counts, else Tollgate does. */
async function countTokens(ctx: AppContext, request: FastifyRequest, reply: FastifyReply) {
  const unbilled = await readUnbilled(ctx, request, COUNT_TOKENS);
  const upstream = await passThroughUnbilled(ctx, request, reply, COUNT_TOKENS, unbilled);
  if (upstream) {
    const body = await upstream.body.bytes();
    return reply.status(upstream.statusCode).type(String(upstream.headers['content-type'] ?? 'application/json')).send(body);
  }
  const { input } = unbilled;
  const counter = await counterFor(input.model, ctx.options.bool('ApproximateTokenEnabled'));
  return countTokensAnswer(promptTokens('chat', input.hub(), input.model, counter));
}

const doc = describeRoutes({ tag: 'Gemini', auth: 'gemini-key', externalDocs: VENDOR_DOCS.gemini });

/** The methods the wildcard route serves, as the document lists them. */
const METHODS = doc('A Gemini model method', {
  wildcard: [
    { path: '{model}:generateContent', summary: 'Generate content', body: RelayBodies.generateContent },
    { path: '{model}:streamGenerateContent', summary: 'Generate content as a stream (`?alt=sse` for Server-Sent Events)', body: RelayBodies.generateContent, answer: 'json-or-stream' },
    { path: '{model}:embedContent', summary: 'Embed content', body: RelayBodies.embedContent },
    { path: '{model}:batchEmbedContents', summary: 'Embed contents in a batch', body: RelayBodies.batchEmbedContents },
    { path: '{model}:countTokens', summary: 'Count tokens (not billed)', body: RelayBodies.generateContent },
  ],
});

/** POST models/{model}:{method}; registered under /v1 too, where errors must still take Google's shape. */
export const geminiMethodRoutes = (ctx: AppContext): FastifyPluginAsync => async (app) => {
  answerErrorsAs(app, geminiProtocol);
  app.post('/models/*', METHODS, (request, reply) => {
    const { model, method } = modelAndMethod(request);
    const relayed = method === 'countTokens' ? undefined : relayedEndpoint(request, method);
    if (method !== 'countTokens' && !relayed) return Promise.reject(new RelayError(404, `models/${model} is not found, or does not support the method '${method}'`, 'not_found'));
    return ctx.relay.inFlight.track<unknown>(() => (relayed ? relay(ctx, request, reply, relayed) : countTokens(ctx, request, reply)));
  });
};

/** The models the key may use: its allowlist, else every model of its group (as GET /v1/models). */
async function visibleModels(ctx: AppContext, request: FastifyRequest): Promise<string[]> {
  const { record } = await authenticate(ctx.relay.keys, geminiProtocol.credential(request.headers, request.query as Record<string, unknown>), request.ip);
  return record.models ? [...record.models].sort() : ctx.relay.channels.table.models(record.group);
}

/** The /v1beta surface: the methods, and the models in Gemini's shape; a path it does not know gets Google's 404. */
export const geminiRoutes = (ctx: AppContext): FastifyPluginAsync => async (app) => {
  useRelayConventions(app, geminiProtocol);
  app.setNotFoundHandler((request) => Promise.reject(new RelayError(404, `the method ${request.method} ${request.url.split('?')[0]} is not found`, 'not_found')));
  await app.register(geminiMethodRoutes(ctx));
  app.get('/models', doc('The models this key may use'), async (request) => geminiModelList(await visibleModels(ctx, request)));
  app.get('/models/:model', doc('A model this key may use'), async (request) => {
    const { model } = request.params as { model: string };
    const name = model.replace(/^models\//, '');
    if (!(await visibleModels(ctx, request)).includes(name)) throw new RelayError(404, `models/${name} is not found`, 'model_not_found', 'invalid_request_error', 'model');
    return geminiModel(name);
  });
};
