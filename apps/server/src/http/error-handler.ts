import { message } from '@tollgate/contract';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { DatabaseUnavailableError } from '../db/errors.js';
import { ApiError } from './errors.js';
import { languageOf } from './language.js';

/**
 * The envelope of a failure, its message in the request's language; a refused field (400) is named in `field`
 * too, for a script or a form to point at without parsing the message.
 */
function failure(request: FastifyRequest, error: ApiError) {
  const body = { success: false, message: error.messageIn(languageOf(request)) };
  const { field } = error.params;
  return error.status === 400 && typeof field === 'string' && field !== '' ? { ...body, field } : body;
}

/**
 * The one error handler of the app: typed errors with their status, Fastify's own refusals (bad JSON, a body
 * too large) with theirs, a lost database connection a 503 to retry, anything else a 500 that shows no internals.
 */
export function answerError(error: FastifyError | ApiError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof ApiError) return reply.status(error.status).send(failure(request, error));
  if ('validation' in error && error.validation) {
    const invalid = new ApiError('validation.invalid_field', { detail: error.message, field: message('validation.the_request'), reason: message('validation.reason.invalid') });
    return reply.status(200).send(failure(request, invalid));
  }
  if (error.statusCode && error.statusCode < 500) {
    return reply.status(error.statusCode).send(failure(request, new ApiError('http.bad_request', { detail: error.message, status: error.statusCode })));
  }
  if (error instanceof DatabaseUnavailableError) {
    // A lost database connection is passing (the pool reconnects): "try again shortly", not an internal error.
    request.log.warn({ err: error }, 'database unavailable');
    return reply.status(503).header('retry-after', String(error.retryAfterSeconds)).send(failure(request, new ApiError('http.database_unavailable')));
  }
  request.log.error({ err: error }, 'unhandled error');
  return reply.status(500).send(failure(request, new ApiError('http.internal_error', { requestId: request.id })));
}

/** The answer to an unknown route outside /api and /v1 that is not a console page. */
export const answerNotFound = (request: FastifyRequest, reply: FastifyReply) => reply.status(404).send(failure(request, new ApiError('http.not_found')));
