import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { buildApp } from './app.js';
import { createRuntime } from './bootstrap.js';
import { ConfigError, loadConfig } from './config.js';
import { keepHeapNearLiveSize } from './heap-growth.js';
import { channelTestRunner } from './modules/channels/channel-test-runner.js';

const log = pino({ level: process.env.LOG_LEVEL ?? 'info' });
keepHeapNearLiveSize();

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

  // Scheduled channel tests run on the master only, so a cluster tests each channel once per period.
  const tests =
    config.CHANNEL_TEST_FREQUENCY > 0 && config.NODE_TYPE === 'master'
      ? setInterval(() => channelTestRunner(runtime.ctx).start('all'), config.CHANNEL_TEST_FREQUENCY * 60_000)
      : undefined;
  tests?.unref();

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    clearInterval(sync);
    clearInterval(tests);
    await app.close();
    await runtime.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.PORT, host: '0.0.0.0' });
}

main().catch((error: unknown) => {
  log.fatal({ err: error }, 'failed to start');
  process.exit(1);
});
