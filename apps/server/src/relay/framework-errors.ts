import type { Socket } from 'node:net';
import { STATUS_CODES } from 'node:http';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { answerError } from '../http/error-handler.js';
import { newRequestId, REQUEST_ID_HEADER } from '../http/request-id.js';
import { anthropicProtocol } from '../providers/anthropic/ingress/protocol.js';
import { geminiProtocol } from '../providers/gemini/ingress/protocol.js';
import type { IngressProtocol } from '../providers/ingress.js';
import { openAIProtocol } from '../providers/openai/ingress/protocol.js';
import { answerRelayError } from './relay-conventions.js';
import { RelayError } from './relay-error.js';

/**
 * The longest path parameter (a model name in `/v1/models/:model` or `/v1beta/models/...`): fine-tuned model
 * names and Bedrock ARNs pass Fastify's default of 100 characters. The URL as a whole is held to Node's
 * header size limit (16 KiB) anyway.
 */
export const MAX_PARAM_LENGTH = 4096;

/**
 * The surface a path belongs to, by the routes registered in app.ts: its errors take that protocol's shape,
 * or the console's envelope (undefined) outside the relay.
 */
export function protocolOfPath(path: string): IngressProtocol | undefined {
  if (path.startsWith('/v1beta/') || path === '/v1beta') return geminiProtocol;
  if (path.startsWith('/v1/messages')) return anthropicProtocol;
  // Gemini's methods are also served at /v1 (models/{model}:{method}); GET /v1/models/{model} is OpenAI's.
  if (path.startsWith('/v1/models/') && path.includes(':', '/v1/models/'.length)) return geminiProtocol;
  if (path.startsWith('/v1/') || path === '/v1' || path.startsWith('/dashboard')) return openAIProtocol;
  return undefined;
}

/** What Fastify's router refuses before any route runs, in the words a client of the protocol reads. */
function refusalOf(error: FastifyError): RelayError {
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') return new RelayError(414, `a path segment is longer than ${MAX_PARAM_LENGTH} characters`, 'uri_too_long', 'invalid_request_error');
  if (error.code === 'FST_ERR_BAD_URL') return new RelayError(400, 'the path is not a valid URL: it holds a malformed percent-encoding', 'invalid_url', 'invalid_request_error');
  return new RelayError(error.statusCode && error.statusCode < 500 ? error.statusCode : 400, 'the request could not be routed', 'invalid_request', 'invalid_request_error');
}

/**
 * Fastify's `frameworkErrors`: a malformed percent-encoding or an over-long path parameter, answered like any
 * other refusal on the path's surface instead of with Fastify's own `{"error":"Bad Request","code":"FST_ERR_…"}`.
 */
export function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  reply.header(REQUEST_ID_HEADER, request.id);
  const refusal = refusalOf(error);
  const protocol = protocolOfPath(request.url);
  if (protocol) return answerRelayError(protocol, refusal, request, reply);
  void answerError(Object.assign(new Error(refusal.message), { statusCode: refusal.status }) as FastifyError, request, reply);
}

/** What Node's HTTP parser refuses before there is a request: headers or a URL over the size limit, garbage. */
function parserRefusal(error: Error & { code?: string }, requestLine: string): RelayError {
  if (error.code === 'HPE_HEADER_OVERFLOW') {
    // A request line that does not end within its first 8 KiB (half of Node's limit) is what overflowed.
    return requestLine.endsWith('\n')
      ? new RelayError(431, 'the request headers are larger than the server accepts', 'headers_too_large', 'invalid_request_error')
      : new RelayError(414, 'the URL is longer than the server accepts', 'uri_too_long', 'invalid_request_error');
  }
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') return new RelayError(408, 'the request was not received in time', 'request_timeout', 'invalid_request_error');
  return new RelayError(400, 'the request is not valid HTTP', 'bad_request', 'invalid_request_error');
}

/**
 * The server's `clientError` handler: answers in the protocol of the path the request line names (read from
 * the bytes the parser was given), with a request id, and closes the connection, as Node and Fastify do.
 */
export function answerClientError(error: Error & { code?: string; rawPacket?: unknown }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const head = Buffer.isBuffer(error.rawPacket) ? error.rawPacket.subarray(0, 8192).toString('latin1') : '';
  const lineEnd = head.indexOf('\n');
  const requestLine = lineEnd === -1 ? head : head.slice(0, lineEnd + 1);
  const path = requestLine.split(' ')[1] ?? '';
  const refusal = parserRefusal(error, requestLine);
  const requestId = newRequestId();
  const protocol = protocolOfPath(path);
  const answer = protocol ? protocol.error(refusal, requestId) : { status: refusal.status, body: { success: false, message: refusal.message }, headers: undefined };
  const body = JSON.stringify(answer.body);
  const headers = Object.entries({ 'content-type': 'application/json; charset=utf-8', 'content-length': String(Buffer.byteLength(body)), [REQUEST_ID_HEADER]: requestId, connection: 'close', ...answer.headers });
  if (socket.writable) socket.write(`HTTP/1.1 ${answer.status} ${STATUS_CODES[answer.status] ?? ''}\r\n${headers.map(([name, value]) => `${name}: ${value}`).join('\r\n')}\r\n\r\n${body}`);
  socket.destroy(error);
}
