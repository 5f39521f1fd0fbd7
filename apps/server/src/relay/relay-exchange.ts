import type { IncomingHttpHeaders, ServerResponse } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';

/**
 * A relayed request as the relay reads it: the part of Fastify's request it uses. The hottest relay routes
 * are served without Fastify (direct/direct-routes.ts), with objects that have just this.
 */
export interface RelayRequest {
  readonly id: string;
  /** The path and query string, as the client sent them. */
  readonly url: string;
  /** The client's address, through the proxies TRUSTED_PROXIES names. */
  readonly ip: string;
  readonly headers: IncomingHttpHeaders;
  readonly query: unknown;
  readonly params: unknown;
  /** The body's bytes, untouched. */
  readonly body: unknown;
  readonly log: FastifyBaseLogger;
  /** The route's pattern (`/v1/chat/completions`), which the metrics name it by. */
  readonly routeOptions: { readonly url?: string | undefined };
}

/** A relayed request's answer, as the relay writes it: the part of Fastify's reply it uses. */
export interface RelayReply {
  readonly raw: ServerResponse;
  readonly request: { readonly log: FastifyBaseLogger };
  status(code: number): RelayReply;
  /** The content type; Fastify's rules for a charset and for a body without a type apply (DirectReply). */
  type(contentType: string): RelayReply;
  headers(values: Readonly<Record<string, string | number>>): RelayReply;
  /** The headers set so far, to be completed in place by an answer written on `raw`. */
  getHeaders(): Record<string, number | string | string[] | undefined>;
  /** The answer is written on `raw` from here on, not sent through the reply. */
  hijack(): unknown;
  send(payload?: unknown): unknown;
}

/** A relay route's handler, which Fastify and the direct routes both call. */
export type RelayHandler = (request: RelayRequest, reply: RelayReply) => Promise<void>;
