import { Client, Dispatcher, buildConnector, errors } from 'undici';

/** Makes a connection's client: a plain undici Client, or one that learns HTTP/2 from its handshake. */
export type ClientFactory = (origin: string, options: Client.Options) => PooledClient;

/** A connection's dispatcher, as undici's Client is: it says when it was closed or destroyed. */
export type PooledClient = Dispatcher & { readonly closed: boolean; readonly destroyed: boolean };

/** What undici's Agent passes a pool: a Client's options, plus a cap on connections and a TLS config. */
export type PoolOptions = Omit<Client.Options, 'connect' | 'tls'> & {
  connections?: number | null;
  connect?: Client.Options['connect'];
  tls?: Record<string, unknown>;
  connectTimeout?: number | null;
  maxCachedSessions?: number | null;
};

interface Queued {
  options: Dispatcher.DispatchOptions;
  handler: Dispatcher.DispatchHandler;
}

/** What an old-style handler (the one undici's Agent hands its pools) is failed with. */
interface FailableHandler {
  onError?(error: Error): void;
}

/**
 * The connections to one origin, with the ones free to take a call kept on a stack: a call takes the top
 * one (or opens a connection), a connection that frees up goes back on top. undici's Pool instead walks
 * its whole list of connections for a free one, twice per call, so with thousands of long streams open
 * every new call walked past thousands of busy connections (at 2,000 streams, 3.5% of the relay's
 * CPU, growing with the square of the burst). The most recently freed connection is used first, so
 * after a peak the connections no longer needed stay idle until RELAY_IDLE_TIMEOUT closes them, and a
 * connection that closes while free leaves the pool. Beyond `connections` (when set) calls wait in order
 * for a free one.
 */
export class FreeListPool extends Dispatcher {
  private readonly clients = new Set<PooledClient>();
  /** Free connections, most recently freed last; `isFree` says which entries are still current. */
  private readonly free: PooledClient[] = [];
  private readonly isFree = new Set<PooledClient>();
  private readonly queue: Queued[] = [];
  private queueHead = 0;
  /** A call was queued: undici's Agent is told `drain` once one can be taken again. */
  private needDrain = false;
  private closing: Promise<void> | undefined;
  private destroyedWith: Error | undefined;

  /** Connections at most (undefined: no limit). */
  private readonly limit: number | undefined;
  private readonly clientOptions: Client.Options;

  /** `options` are those undici's Agent gives its pools: the clients' own, `connections`, and how to connect. */
  constructor(
    private readonly origin: string,
    options: PoolOptions,
    private readonly factory: ClientFactory = (clientOrigin, clientOptions) => new Client(clientOrigin, clientOptions),
  ) {
    super();
    const { connections, connect, connectTimeout, tls, maxCachedSessions, socketPath, allowH2, ...rest } = options;
    this.limit = connections || undefined;
    // One connector for all the connections, as undici's Pool has: TLS sessions are resumed across them.
    const connector = typeof connect === 'function' ? connect : buildConnector({ ...tls, maxCachedSessions, allowH2, socketPath, timeout: connectTimeout, ...(typeof connect === 'object' && connect ? connect : {}) } as buildConnector.BuildOptions);
    this.clientOptions = { ...rest, connect: connector, allowH2, socketPath } as Client.Options;
  }

  /** Connections known to the pool, connected or not. */
  get size(): number {
    return this.clients.size;
  }

  get closed(): boolean {
    return this.closing !== undefined;
  }

  get destroyed(): boolean {
    return this.destroyedWith !== undefined;
  }

  override dispatch(options: Dispatcher.DispatchOptions, handler: Dispatcher.DispatchHandler): boolean {
    if (this.destroyedWith || this.closing) {
      fail(handler, this.destroyedWith ? new errors.ClientDestroyedError() : new errors.ClientClosedError());
      return false;
    }
    const client = this.takeFree() ?? this.open();
    if (!client) {
      this.queue.push({ options, handler });
      this.needDrain = true;
      return false;
    }
    if (client.dispatch(options, handler)) this.markFree(client);
    return true;
  }

  override close(): Promise<void>;
  override close(callback: () => void): void;
  override close(callback?: () => void): Promise<void> | void {
    this.closing ??= this.whenQueueEmpty().then(() => this.each((client) => client.close()));
    if (!callback) return this.closing;
    void this.closing.then(callback);
  }

  override destroy(): Promise<void>;
  override destroy(error: Error | null): Promise<void>;
  override destroy(callback: () => void): void;
  override destroy(error: Error | null, callback: () => void): void;
  override destroy(errorOrCallback?: Error | null | (() => void), callback?: () => void): Promise<void> | void {
    const error = typeof errorOrCallback === 'function' || !errorOrCallback ? new errors.ClientDestroyedError() : errorOrCallback;
    const done = typeof errorOrCallback === 'function' ? errorOrCallback : callback;
    this.destroyedWith ??= error;
    for (let queued = this.nextWaiting(); queued; queued = this.nextWaiting()) fail(queued.handler, error);
    const destroyed = this.each((client) => client.destroy(error));
    if (!done) return destroyed;
    void destroyed.then(done);
  }

  private takeFree(): PooledClient | undefined {
    for (let client = this.free.pop(); client; client = this.free.pop()) {
      if (this.isFree.delete(client)) return client;
    }
    return undefined;
  }

  private markFree(client: PooledClient) {
    if (this.isFree.has(client) || !this.clients.has(client)) return;
    this.isFree.add(client);
    this.free.push(client);
  }

  private open(): PooledClient | undefined {
    if (this.limit && this.clients.size >= this.limit) return undefined;
    const client = this.factory(this.origin, this.clientOptions);
    this.clients.add(client);
    client.on('drain', () => this.drained(client));
    client.on('connect', (origin, targets) => this.emit('connect', origin, [this, ...targets]));
    client.on('disconnect', (origin, targets, error) => {
      // A free connection that closed (idle, or the server hung up) is not kept for a call that may never come.
      if (this.isFree.has(client)) this.remove(client);
      this.emit('disconnect', origin, [this, ...targets], error);
    });
    client.on('connectionError', (origin, targets, error) => {
      this.remove(client);
      this.emit('connectionError', origin, [this, ...targets], error);
    });
    return client;
  }

  /** A connection can take a call again: it serves the calls waiting first, and is free if it can take more. */
  private drained(client: PooledClient) {
    if (!this.clients.has(client) || !this.serveWaiting(client)) return;
    this.markFree(client);
    if (this.needDrain && this.waiting() === 0) {
      this.needDrain = false;
      // undici's Agent passes on (origin, targets); the typings know only the origin.
      (this.emit as (event: string, ...args: unknown[]) => boolean)('drain', this.origin, [this, client]);
    }
  }

  /** Gives waiting calls to `client` in order until it is busy; whether it can take more. */
  private serveWaiting(client: PooledClient): boolean {
    for (let queued = this.nextWaiting(); queued; queued = this.nextWaiting()) {
      if (!client.dispatch(queued.options, queued.handler)) return false;
    }
    return true;
  }

  private waiting(): number {
    return this.queue.length - this.queueHead;
  }

  private nextWaiting(): Queued | undefined {
    if (this.waiting() === 0) return undefined;
    const queued = this.queue[this.queueHead]!;
    this.queue[this.queueHead] = undefined as unknown as Queued;
    this.queueHead += 1;
    if (this.waiting() === 0) {
      this.queue.length = 0;
      this.queueHead = 0;
      this.queueEmptied?.();
    } else if (this.queueHead > 1024 && this.queueHead * 2 > this.queue.length) {
      this.queue.splice(0, this.queueHead);
      this.queueHead = 0;
    }
    return queued;
  }

  private remove(client: PooledClient) {
    this.clients.delete(client);
    this.isFree.delete(client);
    // Its entry on the free stack is skipped when reached; the stack is rebuilt when mostly such entries.
    if (this.free.length > 64 && this.free.length > 2 * this.isFree.size) {
      const current = this.free.filter((entry) => this.isFree.has(entry));
      this.free.length = 0;
      this.free.push(...current);
    }
    if (!client.closed && !client.destroyed) void client.close().catch(() => undefined);
    // Calls waiting for a connection get one in its place (a connection that failed to open takes its call with it).
    for (let opened = this.waiting() > 0 ? this.open() : undefined; opened; opened = this.waiting() > 0 ? this.open() : undefined) {
      if (this.serveWaiting(opened)) this.markFree(opened);
    }
  }

  private queueEmptied: (() => void) | undefined;

  private whenQueueEmpty(): Promise<void> {
    if (this.waiting() === 0) return Promise.resolve();
    return new Promise((resolve) => {
      this.queueEmptied = () => {
        this.queueEmptied = undefined;
        resolve();
      };
    });
  }

  private async each(action: (client: PooledClient) => Promise<void>): Promise<void> {
    const clients = [...this.clients];
    this.clients.clear();
    this.isFree.clear();
    this.free.length = 0;
    await Promise.all(clients.map((client) => (client.destroyed ? undefined : action(client).catch(() => undefined))));
  }
}

function fail(handler: Dispatcher.DispatchHandler, error: Error) {
  const failable = handler as FailableHandler;
  if (failable.onError) failable.onError(error);
  else handler.onResponseError?.(undefined as unknown as Dispatcher.DispatchController, error);
}
