import type { FastifyError, FastifyInstance } from 'fastify';
import { DatabaseUnavailableError } from '../db/errors.js';
import { ApiError } from '../http/errors.js';
import { hiddenRoute } from '../http/openapi/route-description.js';
import type { IngressProtocol } from '../providers/ingress.js';
import { corsHeaders } from './cors.js';
import { RelayError } from './relay-error.js';
import type { RelayReply, RelayRequest } from './relay-exchange.js';

/**
 * The conventions of a relay surface: bodies are kept as raw bytes (passed through and replayed on
 * retries), browsers get CORS headers, and errors take the client protocol's shape (OpenAI's with the
 * request id in the message, Anthropic's, Google's).
 */
export function useRelayConventions(app: FastifyInstance, protocol: IngressProtocol): void {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(corsHeaders(request.headers.origin));
    done();
  });
  app.options('*', hiddenRoute('CORS preflight: every origin is allowed (relay/cors.ts)'), async (request, reply) => {
    reply.headers(corsHeaders(request.headers.origin, request.headers['access-control-request-headers'] as string | undefined)).status(204).send();
  });
  answerErrorsAs(app, protocol);
}

/** Errors in the protocol's shape; for a scope nested in another surface's (Anthropic's under /v1). */
export function answerErrorsAs(app: FastifyInstance, protocol: IngressProtocol): void {
  app.setErrorHandler((error: FastifyError | RelayError | ApiError, request, reply) => {
    answerRelayError(protocol, error, request, reply);
  });
}

/** A relay's failure answered in the protocol's shape; an unexpected one (not a RelayError) is logged. */
export function answerRelayError(protocol: IngressProtocol, error: unknown, request: RelayRequest, reply: RelayReply): void {
  const failure = asRelayError(error);
  if (failure.status >= 500 && !(error instanceof RelayError)) request.log.error({ err: error }, 'relay failure');
  const answer = protocol.error(failure, request.id);
  if (answer.headers) reply.headers(answer.headers);
  // A lost database connection is passing: the SDKs retry a 503 and wait as long as Retry-After says.
  if (error instanceof DatabaseUnavailableError) reply.headers({ 'retry-after': String(error.retryAfterSeconds) });
  reply.status(answer.status).send(answer.body);
}

/** The OpenAI-shaped `code` of a console refusal a shared hook makes, where clients know it by another name. */
const RELAY_CODES: Partial<Record<string, string>> = { 'http.too_many_requests': 'rate_limited' };

/** Fastify's own refusals of a request, by the code a client of the relay reads instead of Fastify's `FST_ERR_…`. */
const FRAMEWORK_CODES: Partial<Record<string, string>> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'request_too_large',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'invalid_content_length',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'unsupported_media_type',
};

const clientCode = (code: string | undefined): string => (code?.startsWith('FST_') ? (FRAMEWORK_CODES[code] ?? 'invalid_request') : (code ?? ''));

/** Any error the relay throws as the RelayError it is answered with. */
export function asRelayError(error: unknown): RelayError {
  if (error instanceof RelayError) return error;
  // The shared hooks (the rate limits) refuse with the console's error type.
  if (error instanceof ApiError) return new RelayError(error.status, error.message, RELAY_CODES[error.code] ?? error.code.split('.').pop() ?? error.code);
  const fault = error as Partial<FastifyError>;
  if (fault.statusCode && fault.statusCode < 500) return new RelayError(fault.statusCode, fault.message ?? '', clientCode(fault.code), 'invalid_request_error');
  if (error instanceof DatabaseUnavailableError) return new RelayError(503, 'the database is unavailable, please retry', 'database_unavailable');
  return new RelayError(500, 'internal error', 'internal_error', 'one_api_panic');
}
