import { Agent, ProxyAgent, request, type Dispatcher } from 'undici';

export interface UpstreamRequest {
  url: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  headers: Record<string, string>;
  body?: Buffer | string;
  signal?: AbortSignal;
}

/**
 * One keep-alive connection pool for every upstream call (undici). RELAY_TIMEOUT bounds the wait for
 * headers and between body chunks (0 = none); RELAY_PROXY sends everything through an HTTP proxy.
 */
export class UpstreamClient {
  private readonly dispatcher: Dispatcher;
  /** RELAY_TIMEOUT in milliseconds; 0 = none. */
  readonly timeoutMs: number;

  constructor(options: { timeoutSeconds: number; proxy?: string }) {
    this.timeoutMs = options.timeoutSeconds * 1000;
    const common = { keepAliveTimeout: 30_000, connections: 512, headersTimeout: this.timeoutMs, bodyTimeout: this.timeoutMs };
    this.dispatcher = options.proxy ? new ProxyAgent({ uri: options.proxy, ...common }) : new Agent(common);
  }

  send(upstream: UpstreamRequest): Promise<Dispatcher.ResponseData> {
    return request(upstream.url, {
      dispatcher: this.dispatcher,
      method: upstream.method,
      headers: upstream.headers,
      body: upstream.body,
      signal: upstream.signal,
      headersTimeout: this.timeoutMs,
      bodyTimeout: this.timeoutMs,
    });
  }

  close(): Promise<void> {
    return this.dispatcher.close();
  }
}
