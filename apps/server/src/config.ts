import path from 'node:path';
import { REMOTE_DATA_JSON_URL } from '@pydantic/genai-prices';
import { z } from 'zod';

/**
 * Every environment variable Tollgate reads, parsed once. Names follow one-api where it has one.
 * `process.env` is read nowhere else; runtime-tunable settings live in the options table instead.
 */
const bool = z
  .enum(['true', 'false', '1', '0', ''])
  .default('')
  .transform((v) => v === 'true' || v === '1');
const int = (fallback: number, min = 0) =>
  z
    .string()
    .default(String(fallback))
    .transform((v) => (v.trim() === '' ? String(fallback) : v.trim()))
    .pipe(z.string().regex(/^-?\d+$/, 'must be an integer'))
    .transform(Number)
    .pipe(z.number().int().min(min));
const optional = z
  .string()
  .optional()
  .transform((v) => (v?.trim() ? v.trim() : undefined));

const EnvSchema = z.object({
  PORT: int(3000, 1).pipe(z.number().max(65535)),
  SQL_DSN: optional,
  SQLITE_PATH: z.string().default('./data/one-api.db'),
  SQLITE_BUSY_TIMEOUT: int(3000),
  SQL_MAX_OPEN_CONNS: int(20, 1),
  SESSION_SECRET: optional.refine((v) => v !== 'random_string', 'the example value random_string is not a secret; set a real one'),
  REDIS_CONN_STRING: optional.pipe(z.url({ protocol: /^rediss?$/, error: 'must be a redis:// or rediss:// URL' }).optional()),
  NODE_TYPE: z.enum(['master', 'slave']).default('master'),
  SYNC_FREQUENCY: int(600, 1),
  GLOBAL_API_RATE_LIMIT: int(480),
  GLOBAL_WEB_RATE_LIMIT: int(240),
  CRITICAL_RATE_LIMIT: int(20),
  FRONTEND_BASE_URL: optional.pipe(z.url({ error: 'must be an absolute URL' }).optional()),
  /** Passkeys' relying party ID (a host name, e.g. example.com); unset: ServerAddress's host, else the request's. */
  WEBAUTHN_RP_ID: optional.pipe(z.string().regex(/^[a-z0-9.-]+$/i, 'must be a host name such as example.com').optional()),
  /** Origins a passkey answer may come from (comma list); unset: ServerAddress's origin, else the request's. */
  WEBAUTHN_ORIGINS: optional
    .transform((v) => (v ? v.split(',').map((item) => item.trim().replace(/\/+$/, '')).filter(Boolean) : []))
    .pipe(z.array(z.url({ protocol: /^https?$/, error: 'must be a comma list of origins such as https://example.com' })))
    // A browser names an origin without path or default port: https://example.com:443/x is https://example.com.
    .transform((list) => list.map((item) => new URL(item).origin)),
  TRUSTED_PROXIES: z.string().default('loopback'),
  INITIAL_ROOT_TOKEN: optional,
  INITIAL_ROOT_ACCESS_TOKEN: optional,
  DEBUG: bool,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: optional,
  RELAY_TIMEOUT: int(0),
  RELAY_PROXY: optional.pipe(z.url({ error: 'must be an http(s) proxy URL' }).optional()),
  /** Most connections open at once to one upstream origin; calls beyond it wait for a free one. 0: no limit. */
  RELAY_MAX_CONNECTIONS: int(16384),
  /** Seconds an idle upstream connection is kept for reuse before it is closed. */
  RELAY_IDLE_TIMEOUT: int(30, 1),
  /** Offer HTTP/2 to https upstreams (ALPN): many calls share one connection where the upstream takes it. */
  RELAY_HTTP2: z
    .enum(['true', 'false', '1', '0', ''])
    .default('true')
    .transform((v) => v !== 'false' && v !== '0'),
  /** Upstreams over TLS are trusted with this PEM file besides the system's CAs: a self-hosted model server's private CA. */
  RELAY_CA_FILE: optional,
  ENFORCE_INCLUDE_USAGE: bool,
  /** Stop a non-stream upstream call when its client hangs up, instead of finishing and billing it. */
  CANCEL_ON_CLIENT_HANGUP: bool,
  /** Remote images linked in chat requests, downloaded for protocols that only take inline data. */
  IMAGE_FETCH_TIMEOUT: int(15, 1),
  IMAGE_FETCH_MAX_MB: int(20, 1),
  IMAGE_FETCH_ALLOW_PRIVATE: bool,
  /** The price data file `prices update` and the console's refresh fetch: the one genai-prices documents for refreshing. */
  PRICE_SOURCE_URL: z
    .string()
    .default(REMOTE_DATA_JSON_URL)
    .transform((v) => v.trim() || REMOTE_DATA_JSON_URL)
    .pipe(z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })),
  /** SMTP over TLS (port 465, or STARTTLS) trusts this PEM file besides the system's CAs: a private mail server's CA. */
  SMTP_CA_FILE: optional,
  /** Accept any SMTP server certificate. Off by default; only for a test mail server on a trusted network. */
  SMTP_INSECURE_SKIP_VERIFY: bool,
  BATCH_UPDATE_INTERVAL: int(1, 1),
  /** Seconds the relay's load must stay low after a burst before the memory it used is given back to the system; 0: never. */
  MEMORY_RETURN_QUIET_SECONDS: int(10),
  /** Seconds a shutdown lets requests finish before it closes their connections (0: no limit). */
  SHUTDOWN_TIMEOUT: int(25),
  CACHE_POLL_INTERVAL: int(1, 1),
  CHANNEL_TEST_FREQUENCY: int(0),
  POLLING_INTERVAL: int(0),
  /** Cloudflare's Turnstile check; tests point it at a local fake. */
  GEMINI_VERSION: z.string().default('v1'),
  GEMINI_SAFETY_SETTING: z.enum(['BLOCK_NONE', 'BLOCK_ONLY_HIGH', 'BLOCK_MEDIUM_AND_ABOVE', 'BLOCK_LOW_AND_ABOVE', 'OFF']).default('BLOCK_NONE'),
  TURNSTILE_VERIFY_URL: z.url({ error: 'must be an absolute URL' }).default('https://challenges.cloudflare.com/turnstile/v0/siteverify'),
  TEST_PROMPT: z.string().default('Output only your specific model name with no additional text.'),
  /** Prometheus metrics at GET /metrics; off by default, and then prom-client is never loaded. */
  METRICS_ENABLED: bool,
  /** The bearer token a scrape must send (Authorization: Bearer ...); required unless METRICS_PORT is set. */
  METRICS_TOKEN: optional,
  /** Serve /metrics on this port only (not on PORT); 0 = on PORT. */
  METRICS_PORT: int(0).pipe(z.number().max(65535)),
  /** OTLP/HTTP collector base URL (traces go to <url>/v1/traces); set, it turns on tracing of relayed requests. */
  OTEL_EXPORTER_OTLP_ENDPOINT: optional.pipe(z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional()),
  /** The service.name traces are reported under. */
  OTEL_SERVICE_NAME: z.string().default('tollgate'),
  /** Share of relayed requests traced, 0 to 1 (OpenTelemetry's traceidratio sampler argument). */
  OTEL_TRACES_SAMPLER_ARG: z
    .string()
    .default('1')
    .transform((v) => (v.trim() === '' ? '1' : v.trim()))
    .pipe(z.string().regex(/^(0|1|0?\.\d+|1\.0*)$/, 'must be a number from 0 to 1'))
    .transform(Number),
});

export type Env = z.infer<typeof EnvSchema>;

/** Every variable name Tollgate reads (deployment files are checked against it). */
export const ENV_NAMES: readonly string[] = Object.keys(EnvSchema.shape);

export interface Config extends Env {
  /** Folder for files the server keeps (SQLite database, generated session secret). */
  dataDir: string;
  /** Rate limit windows are fixed by one-api: 3 minutes for the global limits, 20 minutes for sign-in. */
  globalRateWindowSeconds: number;
  criticalRateWindowSeconds: number;
}

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message} (got ${JSON.stringify(env[String(issue.path[0])])})`);
    throw new ConfigError(`Invalid environment variable${lines.length > 1 ? 's' : ''}:\n  ${lines.join('\n  ')}`);
  }
  const values = parsed.data;
  // Metrics on the main port without a token would hand usage by model and channel to anyone who asks.
  if (values.METRICS_ENABLED && !values.METRICS_TOKEN && values.METRICS_PORT === 0) {
    throw new ConfigError('METRICS_ENABLED needs METRICS_TOKEN (a bearer token for scrapes) or METRICS_PORT (a port of their own)');
  }
  if (values.METRICS_PORT !== 0 && values.METRICS_PORT === values.PORT) throw new ConfigError(`METRICS_PORT must differ from PORT (${values.PORT})`);
  return {
    ...values,
    dataDir: path.dirname(path.resolve(values.SQLITE_PATH)),
    globalRateWindowSeconds: 180,
    criticalRateWindowSeconds: 1200,
  };
}
