import type { IncomingMessage, ServerResponse } from 'node:http';
import querystring from 'node:querystring';
import type { FastifyBaseLogger } from 'fastify';
import { LazyChildLogger } from '../../http/lazy-child-logger.js';
import { newRequestId } from '../../http/request-id.js';
import type { RelayReply, RelayRequest } from '../relay-exchange.js';
import type { ClientAddress } from './client-address.js';

const NO_VALUES: Readonly<Record<string, never>> = Object.freeze({});

/** What a direct request knows of its server and route. */
export interface DirectRoute {
  /** The route's path, `/v1/chat/completions`. */
  url: string;
  clientAddress: ClientAddress;
  log: () => FastifyBaseLogger;
}

/** A relayed request served by the direct routes: Fastify's request, as far as the relay reads it. */
export class DirectRequest implements RelayRequest {
  readonly id = newRequestId();
  readonly params = NO_VALUES;
  private parsedQuery: unknown;
  private logger: FastifyBaseLogger | undefined;

  constructor(
    readonly raw: IncomingMessage,
    readonly body: Buffer,
    private readonly route: DirectRoute,
  ) {}

  get url(): string {
    return this.raw.url ?? this.route.url;
  }

  get headers() {
    return this.raw.headers;
  }

  get ip(): string {
    return this.route.clientAddress(this.raw);
  }

  /** Parsed when read, as Node's querystring does (repeated names give arrays, like Fastify's parser). */
  get query(): unknown {
    if (this.parsedQuery === undefined) {
      const at = this.url.indexOf('?');
      this.parsedQuery = at === -1 ? NO_VALUES : querystring.parse(this.url.slice(at + 1));
    }
    return this.parsedQuery;
  }

  /** The server's logger bound to the request id, made when first used (as Fastify's are: http/lazy-child-logger.ts). */
  get log(): FastifyBaseLogger {
    this.logger ??= LazyChildLogger.create(this.route.log(), { reqId: this.id }, {});
    return this.logger;
  }

  get routeOptions() {
    return { url: this.route.url };
  }
}

/**
 * The answer to a direct request, written as Fastify writes a reply: the request id header first, names in
 * lower case, a body's type and length set by Fastify's rules (a Buffer without a type is
 * application/octet-stream, a string text/plain, anything else JSON; a JSON type gets a utf-8 charset).
 */
export class DirectReply implements RelayReply {
  private code = 200;
  private hijacked = false;
  private readonly values: Record<string, string | number>;

  constructor(
    readonly raw: ServerResponse,
    readonly request: DirectRequest,
  ) {
    // REQUEST_ID_HEADER in lower case, as Fastify's reply names it. A literal key: an object literal with a
    // computed one is built at run time, five times slower.
    this.values = { 'x-oneapi-request-id': request.id };
  }

  /** Whether the answer has gone out, or is being written on `raw`. */
  get sent(): boolean {
    return this.hijacked || this.raw.headersSent;
  }

  status(code: number): this {
    this.code = code;
    return this;
  }

  type(contentType: string): this {
    this.values['content-type'] = contentType;
    return this;
  }

  headers(values: Readonly<Record<string, string | number>>): this {
    for (const name of Object.keys(values)) this.values[name.toLowerCase()] = values[name] as string | number;
    return this;
  }

  getHeaders(): Record<string, string | number> {
    return this.values;
  }

  hijack(): void {
    this.hijacked = true;
  }

  /** Forgets the type and length of an answer that failed: its error goes out in a shape of its own. */
  forgetBody(): void {
    delete this.values['content-type'];
    delete this.values['content-length'];
  }

  send(payload?: unknown): this {
    // A second answer is not written (Fastify warns of it the same way).
    if (this.sent) {
      this.request.log.warn('the reply was already sent');
      return this;
    }
    if (payload === undefined) {
      if (this.code >= 200 && this.code !== 204 && this.code !== 304) this.values['content-length'] = '0';
      this.raw.writeHead(this.code, this.values);
      this.raw.end();
      return this;
    }
    const body = this.bodyOf(payload);
    this.values['content-length'] = String(Buffer.byteLength(body));
    this.raw.writeHead(this.code, this.values);
    this.raw.end(body);
    return this;
  }

  private bodyOf(payload: unknown): string | Buffer {
    const type = this.values['content-type'] as string | undefined;
    if (Buffer.isBuffer(payload)) {
      this.values['content-type'] ??= 'application/octet-stream';
      return payload;
    }
    if (type === undefined) {
      this.values['content-type'] = typeof payload === 'string' ? 'text/plain; charset=utf-8' : 'application/json; charset=utf-8';
    } else if (isJsonWithoutCharset(type)) {
      this.values['content-type'] = `${type}; charset=utf-8`;
    }
    return typeof payload === 'string' ? payload : JSON.stringify(payload);
  }
}

const isJsonWithoutCharset = (type: string) => {
  const [media = '', ...parameters] = type.split(';');
  return media.includes('json') && !parameters.some((parameter) => parameter.trim().toLowerCase().startsWith('charset='));
};
