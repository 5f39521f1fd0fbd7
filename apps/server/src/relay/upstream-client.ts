import tls from 'node:tls';
import { Agent, ProxyAgent, errors, type Dispatcher } from 'undici';
import type { UpstreamResponse } from '../providers/upstream-response.js';
import { onCancel, type Cancellation } from './client-hangup.js';
import { FreeListPool, type PoolOptions } from './free-list-pool.js';
import { multiplexingPools } from './multiplexing-pool.js';
import { QueuedBody } from './queued-body.js';

export interface UpstreamRequest {
  url: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  headers: Record<string, string>;
  body?: Buffer | string;
  signal?: Cancellation;
}

/** Distinct upstream URLs remembered parsed (channels x endpoints x models); the memory is cleared when full. */
const PARSED_URLS = 1000;

export interface UpstreamClientOptions {
  timeoutSeconds: number;
  proxy?: string;
  /** Connections per origin at most (0 or absent: no limit). */
  maxConnections?: number;
  /** Seconds an idle connection is kept (30 when absent). */
  idleSeconds?: number;
  /** Offer HTTP/2 to TLS upstreams; HTTP/1.1 stays for those that do not take it and for plain http. */
  http2?: boolean;
  /** PEM certificates trusted for TLS upstreams besides the system's. */
  ca?: string;
}

/**
 * One keep-alive connection pool for every upstream call (undici). RELAY_TIMEOUT bounds the wait for
 * headers and between body chunks (0 = none); RELAY_PROXY sends everything through an HTTP proxy.
 * A pool opens a connection per concurrent call up to RELAY_MAX_CONNECTIONS per origin, so thousands of
 * long streams to one provider do not queue behind each other (a cap of 512 made 2,000 five-second
 * streams wait 5.6 s for their first byte); a connection idle for RELAY_IDLE_TIMEOUT is closed, so the
 * pools shrink back after a peak. Calls go to the dispatcher directly, answering with a QueuedBody: the
 * relay's hot path.
 */
export class UpstreamClient {
  private readonly dispatcher: Dispatcher;
  /** RELAY_TIMEOUT in milliseconds; 0 = none. */
  readonly timeoutMs: number;
  /** RELAY_PROXY, lent to adaptors that open their own connections (websockets). */
  readonly proxy: string | undefined;
  private readonly targets = new Map<string, { origin: string; path: string }>();
  /**
   * Calls share an HTTP/2 connection only when undici may treat them as idempotent: it holds a POST back from
   * a busy connection, so that a failing connection cannot take other unrepeatable calls with it, and opened
   * a connection per call. The relay never replays a call that undici failed (it retries on another channel
   * by its own rules), so the flag only lets streams multiplex; with pipelining off it changes nothing on
   * HTTP/1.1.
   */
  private readonly multiplexed: boolean;

  constructor(options: UpstreamClientOptions) {
    this.timeoutMs = options.timeoutSeconds * 1000;
    this.proxy = options.proxy;
    // Through a proxy calls stay on HTTP/1.1: undici's proxy agent tunnels one call per connection.
    this.multiplexed = options.http2 === true && !options.proxy;
    const idleMs = (options.idleSeconds ?? 30) * 1000;
    const common = {
      keepAliveTimeout: idleMs,
      keepAliveMaxTimeout: idleMs,
      connections: options.maxConnections ? options.maxConnections : null,
      headersTimeout: this.timeoutMs,
      bodyTimeout: this.timeoutMs,
    };
    const tlsOptions = options.ca ? { ca: [...tls.rootCertificates, options.ca] } : {};
    if (options.proxy) this.dispatcher = new ProxyAgent({ uri: options.proxy, ...common, connect: tlsOptions });
    else this.dispatcher = new Agent({ ...common, connect: tlsOptions, factory: this.multiplexed ? multiplexingPools(tlsOptions) : (origin, poolOptions) => new FreeListPool(String(origin), poolOptions as PoolOptions) });
  }

  send(upstream: UpstreamRequest): Promise<UpstreamResponse> {
    return new Promise((resolve, reject) => {
      const { origin, path } = this.target(upstream.url);
      const options = { origin, path, method: upstream.method, headers: upstream.headers, body: upstream.body, headersTimeout: this.timeoutMs, bodyTimeout: this.timeoutMs, idempotent: this.multiplexed };
      this.dispatcher.dispatch(options, new UpstreamCall(upstream.signal, resolve, reject));
    });
  }

  close(): Promise<void> {
    return this.dispatcher.close();
  }

  private target(url: string): { origin: string; path: string } {
    let target = this.targets.get(url);
    if (!target) {
      const parsed = new URL(url);
      target = { origin: parsed.origin, path: `${parsed.pathname}${parsed.search}` };
      if (this.targets.size >= PARSED_URLS) this.targets.clear();
      this.targets.set(url, target);
    }
    return target;
  }
}

/** One call's dispatch handler: resolves with the answer once its headers arrive, then feeds its body. */
class UpstreamCall implements Dispatcher.DispatchHandler {
  private body: QueuedBody | undefined;
  private controller: Dispatcher.DispatchController | undefined;
  private cancelled: Error | undefined;
  private readonly stopListening: (() => void) | undefined;

  constructor(
    cancellation: Cancellation | undefined,
    private readonly resolve: (response: UpstreamResponse) => void,
    private readonly reject: (error: Error) => void,
  ) {
    this.stopListening = cancellation && onCancel(cancellation, () => this.cancel());
  }

  onRequestStart(controller: Dispatcher.DispatchController): void {
    this.controller = controller;
    if (this.cancelled) controller.abort(this.cancelled);
  }

  onResponseStart(controller: Dispatcher.DispatchController, statusCode: number, headers: Record<string, string | string[] | undefined>): void {
    if (statusCode < 200) return; // 1xx: the answer is still to come
    this.body = new QueuedBody({ pause: () => controller.pause(), resume: () => controller.resume(), abort: (reason) => controller.abort(reason) });
    this.resolve({ statusCode, headers, body: this.body });
  }

  onResponseData(_controller: Dispatcher.DispatchController, chunk: Buffer): void {
    this.body?.push(chunk);
  }

  onResponseEnd(): void {
    this.stopListening?.();
    this.body?.end();
  }

  onResponseError(_controller: Dispatcher.DispatchController, error: Error): void {
    this.stopListening?.();
    if (this.body) this.body.fail(error);
    else this.reject(error);
  }

  private cancel() {
    this.cancelled = new errors.RequestAbortedError();
    this.controller?.abort(this.cancelled);
  }
}
