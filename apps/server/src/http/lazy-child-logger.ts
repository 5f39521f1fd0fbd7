import type { FastifyBaseLogger } from 'fastify';
import type { Bindings, ChildLoggerOptions } from 'pino';

type Log = (...args: unknown[]) => void;
const logWith = (logger: FastifyBaseLogger, level: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent') => logger[level] as Log;

/**
 * The per-request logger, made only when something is logged. Fastify gives every request a child of the
 * server's logger bound to its id; pino serialises those bindings when the child is made, which cost the
 * relay more per request than the few requests that ever log.
 */
export class LazyChildLogger {
  private made: FastifyBaseLogger | undefined;

  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: Bindings,
    private readonly options: ChildLoggerOptions,
  ) {}

  /** As a FastifyBaseLogger (its methods' overloads are pino's; the arguments are passed on as they are). */
  static create(parent: FastifyBaseLogger, bindings: Bindings, options: ChildLoggerOptions): FastifyBaseLogger {
    return new LazyChildLogger(parent, bindings, options) as unknown as FastifyBaseLogger;
  }

  get level(): string {
    return this.logger().level;
  }

  set level(level: string) {
    this.logger().level = level;
  }

  fatal(...args: unknown[]) {
    logWith(this.logger(), 'fatal').apply(this.made, args);
  }

  error(...args: unknown[]) {
    logWith(this.logger(), 'error').apply(this.made, args);
  }

  warn(...args: unknown[]) {
    logWith(this.logger(), 'warn').apply(this.made, args);
  }

  info(...args: unknown[]) {
    logWith(this.logger(), 'info').apply(this.made, args);
  }

  debug(...args: unknown[]) {
    logWith(this.logger(), 'debug').apply(this.made, args);
  }

  trace(...args: unknown[]) {
    logWith(this.logger(), 'trace').apply(this.made, args);
  }

  silent(...args: unknown[]) {
    logWith(this.logger(), 'silent').apply(this.made, args);
  }

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.logger().child(bindings, options);
  }

  private logger(): FastifyBaseLogger {
    this.made ??= this.parent.child(this.bindings, this.options);
    return this.made;
  }
}
