/**
 * The logger every part of the server is given: Fastify's (pino) in the server, a console in the CLI. Kept
 * here, below everything that logs, so that the app's context and the parts it is built from do not import
 * each other for it.
 */
export interface AppLogger {
  info(obj: object | string, msg?: string): void;
  warn(obj: object | string, msg?: string): void;
  error(obj: object | string, msg?: string): void;
}
