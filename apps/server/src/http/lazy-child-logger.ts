import type { FastifyBaseLogger } from 'fastify';
import type { Bindings, ChildLoggerOptions } from 'pino';

const LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/**
 * The per-request logger, made only when something is logged. Fastify gives every request a child of the
 * server's logger bound to its id; pino serialises those bindings when the child is made, which cost the
 * relay more per request than the few requests that ever log.
 */
export class LazyChildLogger {
  private made: FastifyBaseLogger | undefined;

  private constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: Bindings,
    private readonly options: ChildLoggerOptions,
  ) {}

  static {
    // One method per level on the prototype, passing its arguments on to the made child's (pino's overloads).
    for (const level of LEVELS) {
      Object.defineProperty(LazyChildLogger.prototype, level, {
        value(this: LazyChildLogger, ...args: unknown[]) {
          const logger = this.logger();
          (logger[level] as (...logged: unknown[]) => void).apply(logger, args);
        },
      });
    }
  }

  /** As a FastifyBaseLogger: the level methods are defined above, on the prototype. */
  static create(parent: FastifyBaseLogger, bindings: Bindings, options: ChildLoggerOptions): FastifyBaseLogger {
    return new LazyChildLogger(parent, bindings, options) as unknown as FastifyBaseLogger;
  }

  get level(): string {
    return this.logger().level;
  }

  set level(level: string) {
    this.logger().level = level;
  }

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.logger().child(bindings, options);
  }

  private logger(): FastifyBaseLogger {
    this.made ??= this.parent.child(this.bindings, this.options);
    return this.made;
  }
}
