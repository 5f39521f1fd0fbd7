// Starts the built server for the browser tests on a fresh SQLite file, so every run begins with only root.
import fs from 'node:fs';
import path from 'node:path';

// A directory per port: two browser runs on different ports (E2E_PORT) must not wipe each other's database.
const port = process.env.E2E_PORT ?? '3917';
const dataDir = path.join(import.meta.dirname, port === '3917' ? '.data' : `.data-${port}`);
fs.rmSync(dataDir, { recursive: true, force: true });
fs.mkdirSync(dataDir, { recursive: true });

// The browser tests always run on SQLite, whatever the shell points at.
delete process.env.SQL_DSN;
delete process.env.REDIS_CONN_STRING;

Object.assign(process.env, {
  PORT: port,
  SQLITE_PATH: path.join(dataDir, 'one-api.db'),
  SESSION_SECRET: 'e2e-session-secret',
  // Every test signs in from 127.0.0.1; the per-IP limits are tested by the API tests instead.
  CRITICAL_RATE_LIMIT: '0',
  GLOBAL_WEB_RATE_LIMIT: '0',
  GLOBAL_API_RATE_LIMIT: '0',
  LOG_LEVEL: 'warn',
});

await import('../apps/server/dist/main.js');
