import { setTimeout as sleep } from 'node:timers/promises';
import { ChannelStatus } from '@tollgate/contract';
import type { AppContext } from '../../context.js';
import { testChannel } from './channel-test.js';

export type TestScope = 'all' | 'disabled';

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
 * time: a second request while one runs is refused rather than doubling the load on the upstreams.
 */
export class ChannelTestRunner {
  private current?: Promise<void>;

  constructor(private readonly ctx: AppContext) {}

  get running(): boolean {
    return this.current !== undefined;
  }

  /** Starts a run and returns false when one is already going. */
  start(scope: TestScope): boolean {
    if (this.current) return false;
    this.current = this.run(scope)
      .catch((error: unknown) => this.ctx.log.error({ err: error }, 'channel test run failed'))
      .finally(() => {
        this.current = undefined;
      });
    return true;
  }

  /** Waits for the run in progress, if any (tests and shutdown). */
  async idle(): Promise<void> {
    await this.current;
  }

  private async run(scope: TestScope): Promise<void> {
    let query = this.ctx.db.selectFrom('channels').selectAll().orderBy('id');
    if (scope === 'disabled') query = query.where('status', '!=', ChannelStatus.Enabled);
    const channels = await query.execute();
    let passed = 0;
    for (const [index, channel] of channels.entries()) {
      if (index > 0 && this.ctx.config.POLLING_INTERVAL > 0) await sleep(this.ctx.config.POLLING_INTERVAL * 1000);
      if ((await testChannel(this.ctx, channel)).success) passed += 1;
    }
    await this.ctx.notifyRoot('Channel test finished', `${passed} of ${channels.length} ${scope === 'disabled' ? 'disabled ' : ''}channels passed.`);
  }
}
