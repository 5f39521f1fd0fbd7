import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp, type BuildOptions } from '../src/app.js';
import { createRuntime } from '../src/bootstrap.js';
import { loadConfig } from '../src/config.js';
import type { AppContext } from '../src/context.js';
import { createTestDatabase, type DatabaseKind } from './databases.js';

export interface TestApp {
  app: FastifyInstance;
  ctx: AppContext;
  close(): Promise<void>;
}

/** The rate limits off, for tests that send many requests from one address and test routes, not limits. */
export const NO_RATE_LIMITS = { CRITICAL_RATE_LIMIT: '0', GLOBAL_API_RATE_LIMIT: '0' };

export const silentLogger = { info: () => undefined, warn: () => undefined, error: () => undefined };

/** A full server on a fresh database of the given kind, driven through `app.inject`. */
export async function buildTestApp(kind: DatabaseKind, env: Record<string, string> = {}, options: BuildOptions = {}): Promise<TestApp> {
  const database = await createTestDatabase(kind);
  const config = loadConfig({ SESSION_SECRET: 'test-session-secret', LOG_LEVEL: 'silent', ...database.env, ...env });
  const runtime = await createRuntime(config, silentLogger);
  const app = await buildApp(runtime.ctx, options);
  return {
    app,
    ctx: runtime.ctx,
    async close() {
      await app.close();
      await runtime.close();
      await database.drop();
    },
  };
}

/** The `session` cookie a response set, ready to send back as a Cookie header. */
export function sessionCookie(response: LightMyRequestResponse): string {
  const cookie = response.cookies.find((c) => c.name === 'session');
  if (!cookie) throw new Error(`no session cookie in response: ${response.body}`);
  return `session=${cookie.value}`;
}

export async function login(app: FastifyInstance, username: string, password: string): Promise<string> {
  const response = await app.inject({ method: 'POST', url: '/api/user/login', payload: { username, password } });
  return sessionCookie(response);
}

/** The root account a fresh database is seeded with (one-api's root / 123456), signed in. */
export const loginRoot = (app: FastifyInstance): Promise<string> => login(app, 'root', '123456');

export async function register(app: FastifyInstance, username: string, password = 'password123', extra: Record<string, string> = {}) {
  const response = await app.inject({ method: 'POST', url: '/api/user/register', payload: { username, password, password2: password, ...extra } });
  return response.json<{ success: boolean; message: string }>();
}
