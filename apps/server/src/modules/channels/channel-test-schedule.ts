import type { AppContext } from '../../context.js';
import { channelTestRunner } from './channel-test-runner.js';

/**
 * CHANNEL_TEST_FREQUENCY: tests every channel each N minutes, the first time N minutes after start (not at
 * boot, when a restart loop would hammer the upstreams). Only the master runs it, so a cluster tests each
 * channel once per period (one-api ran it on every node, reference 6). The scheduled run sends no
 * completion notice (reference 7); the health rules still notify on each disable or enable.
 * Answers the timer for shutdown to clear, or undefined when nothing is scheduled.
 */
export function scheduleChannelTests(ctx: AppContext): NodeJS.Timeout | undefined {
  const { CHANNEL_TEST_FREQUENCY: minutes, NODE_TYPE } = ctx.config;
  if (minutes <= 0 || NODE_TYPE !== 'master') return undefined;
  const timer = setInterval(() => {
    channelTestRunner(ctx)
      .start('all', 'schedule')
      .catch((error: unknown) => ctx.log.error({ err: error }, 'scheduled channel test could not start'));
  }, minutes * 60_000);
  timer.unref();
  return timer;
}
