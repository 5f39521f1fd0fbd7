import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyBaseLogger, FastifyInstance, RouteShorthandOptions } from 'fastify';
import type { IngressProtocol } from '../../providers/ingress.js';
import { answerRelayError } from '../relay-conventions.js';
import type { RelayHandler } from '../relay-exchange.js';
import type { ClientAddress } from './client-address.js';
import { DirectReply, DirectRequest, type DirectRoute } from './direct-exchange.js';

export interface DirectRoutesOptions {
  /** Fastify's body limit: a larger body is left to Fastify, which refuses it (413) as on every route. */
  bodyLimit: number;
  clientAddress: ClientAddress;
  /** The server's logger, Fastify's once the app is built. */
  log: () => FastifyBaseLogger;
}

interface Route extends DirectRoute {
  handle: RelayHandler;
  /** The protocol whose error shape the route's Fastify scope answers in. */
  errors: IngressProtocol;
}

/**
 * The relay's busiest routes (chat completions, messages, responses...) served straight from the server's
 * request event, with the same handlers as their Fastify routes: Fastify's routing, hooks, body parsing and
 * request and reply objects were about a tenth of the main thread's CPU time per request (141 -> 129 µs a short stream, 2026-11-27), more
 * than any part of the relay's own work. Only what the Fastify route would answer the same way is taken: a POST to the exact path
 * (a query string allowed), with a JSON or other typed body of known length, and no Origin header (a browser's
 * request, which gets CORS headers: relay-conventions.ts). Everything else, a closing server included
 * (Fastify answers 503), goes on to Fastify, whose routes stay registered. The direct routes write what the
 * Fastify route would: the request id header, Fastify's header rules (DirectReply), errors through the same
 * protocol error handler.
 */
export class DirectRoutes {
  private readonly routes = new Map<string, Route>();
  private open = true;

  constructor(private readonly options: DirectRoutesOptions) {}

  /**
   * Registers POST `path` with Fastify's `app`, and with these routes too when it has no parameter: `errors`
   * is the protocol the error handler of `app`'s scope answers in. `options` are the Fastify route's (its description).
   */
  postOn(app: FastifyInstance, path: string, errors: IngressProtocol, handle: RelayHandler, options: RouteShorthandOptions = {}): void {
    app.post(path, options, handle);
    if (!/[:*]/.test(path)) this.post(`${app.prefix}${path}`, errors, handle);
  }

  /** Serves POST `url` (a path without parameters) with `handle`, answering its errors in `errors`' shape. */
  post(url: string, errors: IngressProtocol, handle: RelayHandler): void {
    if (/[:*]/.test(url)) throw new Error(`a direct route has a fixed path: ${url}`);
    this.routes.set(url, { url, handle, errors, clientAddress: this.options.clientAddress, log: this.options.log });
  }

  /** Takes no more requests: those on kept-alive connections go to Fastify, which refuses them while it closes. */
  close(): void {
    this.open = false;
  }

  /** Serves the request if it is for one of these routes, in a form they take; false leaves it to Fastify. */
  serve(raw: IncomingMessage, res: ServerResponse): boolean {
    if (!this.open || raw.method !== 'POST') return false;
    const url = raw.url ?? '';
    const queryAt = url.indexOf('?');
    const route = this.routes.get(queryAt === -1 ? url : url.slice(0, queryAt));
    if (!route || !this.takes(raw.headers, url)) return false;
    const chunks: Buffer[] = [];
    raw.on('data', (chunk: Buffer) => chunks.push(chunk));
    // A client that leaves mid-body is not answered, as on Fastify's routes.
    raw.on('error', () => undefined);
    raw.on('end', () => this.relay(route, new DirectRequest(raw, chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks), route), res));
    return true;
  }

  /**
   * Whether the Fastify route would read this request as the direct route does: a body of known length within
   * the limit, under a content type (Fastify reads an untyped one by other rules), not compressed (decoded by a
   * hook: http/body-encoding.ts), no `%00` (refused by a hook: http/refuse-nul.ts), no Origin.
   */
  private takes(headers: IncomingMessage['headers'], url: string): boolean {
    const length = headers['content-length'];
    return (
      headers.origin === undefined &&
      headers['content-type'] !== undefined &&
      headers['transfer-encoding'] === undefined &&
      headers['content-encoding'] === undefined &&
      length !== undefined &&
      Number(length) <= this.options.bodyLimit &&
      !url.includes('%00')
    );
  }

  /** Runs the handler; its failure is answered as Fastify's error handler for the route answers it. */
  private relay(route: Route, request: DirectRequest, res: ServerResponse): void {
    const reply = new DirectReply(res, request);
    let handled: Promise<void>;
    try {
      handled = route.handle(request, reply);
    } catch (error) {
      // Thrown before the handler's first await: answered like a rejection, as Fastify does.
      handled = Promise.reject(error);
    }
    handled.then(
      () => {
        // A handler that sent nothing gets an empty answer, as from Fastify.
        if (!reply.sent && !res.destroyed) reply.send();
      },
      (error: unknown) => {
        if (reply.sent) return void request.log.error({ err: error }, 'the relay failed after its answer began');
        reply.forgetBody();
        try {
          answerRelayError(route.errors, error, request, reply);
        } catch (failure) {
          request.log.error({ err: failure }, 'the relay could not answer its error');
          res.destroy();
        }
      },
    );
  }
}
