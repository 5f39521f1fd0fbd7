import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { buildApp } from './app.js';
import { createRuntime } from './bootstrap.js';
import { ConfigError, loadConfig } from './config.js';
import { gracefulShutdown } from './graceful-shutdown.js';
import { scheduleChannelTests } from './modules/channels/channel-test-schedule.js';
import { tuneRuntime } from './runtime-tuning/index.js';

const log = pino({ level: process.env.LOG_LEVEL ?? 'info' });
tuneRuntime(log);

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      log.fatal(error.message);
      process.exit(1);
    }
    throw error;
  }
  const runtime = await createRuntime(config, log);
  const webDist = config.WEB_DIST ?? fileURLToPath(new URL('../../web/dist', import.meta.url));
  const app = await buildApp(runtime.ctx, { webDist, logger: { level: config.LOG_LEVEL } });

  // Other nodes change options too; reload them on the one-api cadence.
  const sync = setInterval(() => {
    runtime.ctx.options.reload().catch((error: unknown) => app.log.error({ err: error }, 'option reload failed'));
  }, config.SYNC_FREQUENCY * 1000);
  sync.unref();

  // CHANNEL_TEST_FREQUENCY, on the master only; the timer is cleared at shutdown.
  const tests = scheduleChannelTests(runtime.ctx);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    clearInterval(sync);
    clearInterval(tests);
    let exitCode = 1;
    try {
      exitCode = await gracefulShutdown(app, runtime, app.log, config.SHUTDOWN_TIMEOUT * 1000);
    } finally {
      process.exit(exitCode);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  // A queue for connections the process has not accepted yet as long as the kernel allows (Node's default
  // is 511): thousands of clients connecting at once otherwise see dropped SYNs and a retry a second later.
  await app.listen({ port: config.PORT, host: '0.0.0.0', backlog: 4096 });
}

main().catch((error: unknown) => {
  log.fatal({ err: error }, 'failed to start');
  process.exit(1);
});
