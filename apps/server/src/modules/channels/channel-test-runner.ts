import { setTimeout as sleep } from 'node:timers/promises';
import { ChannelStatus } from '@tollgate/contract';
import { acquireRedisLock, type HeldLock } from '../../cluster/redis-lock.js';
import type { AppContext } from '../../context.js';
import { testChannel } from './channel-test.js';

export type TestScope = 'all' | 'disabled';
/** Who asked for the run: an administrator in the console, or the CHANNEL_TEST_FREQUENCY timer. */
export type TestTrigger = 'console' | 'schedule';

/** The Redis key every node's runner takes, so a cluster runs one channel test at a time. */
export const CHANNEL_TEST_LOCK = 'tollgate:channel-test-run';
// One test waits up to 60 s for its upstream; the holder extends the lock every third of this, so even a
// beat missed during a slow test leaves it held, and a crashed node frees it in two minutes.
const LOCK_TTL_MS = 120_000;

const runners = new WeakMap<AppContext, ChannelTestRunner>();

/** One runner per process, shared by the console's "test all" buttons and the CHANNEL_TEST_FREQUENCY timer. */
export function channelTestRunner(ctx: AppContext): ChannelTestRunner {
  let runner = runners.get(ctx);
  if (!runner) {
    runner = new ChannelTestRunner(ctx);
    runners.set(ctx, runner);
  }
  return runner;
}

/**
 * Tests channels one after another in the background, POLLING_INTERVAL seconds apart. Only one run at a
 * time: a second request while one runs is refused rather than doubling the load on the upstreams. The
 * process guard covers one node; with Redis a lock covers the cluster (one-api's guard was per process).
 */
export class ChannelTestRunner {
  private current?: Promise<void>;

  constructor(private readonly ctx: AppContext) {}

  get running(): boolean {
    return this.current !== undefined;
  }

  /**
   * Starts a run and answers false when one is already going here or on another node. Rejects when the
   * cluster lock cannot be asked for (Redis down).
   */
  start(scope: TestScope, trigger: TestTrigger): Promise<boolean> {
    if (this.current) return Promise.resolve(false);
    // `current` is set before anything is awaited, so two calls in one tick cannot both start.
    const lock = this.lock();
    this.current = lock
      .then(async (held) => {
        if (!held) return;
        try {
          await this.run(scope, trigger);
        } finally {
          await held.release();
        }
      })
      .catch((error: unknown) => this.ctx.log.error({ err: error }, 'channel test run failed'))
      .finally(() => {
        this.current = undefined;
      });
    return lock.then((held) => held !== undefined);
  }

  /** Waits for the run in progress, if any (tests and shutdown). */
  async idle(): Promise<void> {
    await this.current;
  }

  private lock(): Promise<HeldLock | undefined> {
    const { redis, log } = this.ctx;
    if (!redis) return Promise.resolve({ release: async () => undefined });
    return acquireRedisLock(redis, CHANNEL_TEST_LOCK, LOCK_TTL_MS, () => log.warn('the channel test lock expired during a run: another node may start one'));
  }

  private async run(scope: TestScope, trigger: TestTrigger): Promise<void> {
    let query = this.ctx.db.selectFrom('channels').selectAll().orderBy('id');
    if (scope === 'disabled') query = query.where('status', '!=', ChannelStatus.Enabled);
    const channels = await query.execute();
    let passed = 0;
    for (const [index, channel] of channels.entries()) {
      if (index > 0 && this.ctx.config.POLLING_INTERVAL > 0) await sleep(this.ctx.config.POLLING_INTERVAL * 1000);
      if ((await testChannel(this.ctx, channel, undefined, true)).success) passed += 1;
    }
    // The administrator who pressed the button hears the outcome (one-api tried and failed: bug in 3.7);
    // the timer stays silent (reference 7), or root would get a message every period.
    if (trigger === 'console') {
      await this.ctx.notifyRoot('Channel test finished', `${passed} of ${channels.length} ${scope === 'disabled' ? 'disabled ' : ''}channels passed.`);
    }
  }
}
