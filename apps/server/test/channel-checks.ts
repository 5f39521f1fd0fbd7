import { channelTestRunner } from '../src/modules/channels/channel-test-runner.js';
import type { RelayFixture } from './relay-fixture.js';

export interface ChannelTestResult {
  success: boolean;
  message: string;
  model?: string;
}

/** Runs the console's channel test (`/api/channel/test/:id`), optionally with a model, as root. */
export async function testChannel(f: RelayFixture, channelId: number, model?: string): Promise<ChannelTestResult> {
  const query = model === undefined ? '' : `?model=${encodeURIComponent(model)}`;
  const response = await f.app.inject({ method: 'GET', url: `/api/channel/test/${channelId}${query}`, headers: { cookie: f.rootCookie } });
  return response.json<ChannelTestResult>();
}

/**
 * Tests every channel as the console's bulk test does, and waits for the run to end: the health rules
 * (disable on a refused key, re-enable on a pass) apply to such runs, not to the test of one channel.
 */
export async function testEveryChannel(f: RelayFixture): Promise<void> {
  const runner = channelTestRunner(f.ctx);
  if (!(await runner.start('all', 'console'))) throw new Error('a channel test run is already going');
  await runner.idle();
}

/** The channel's status as stored, to see whether a failure disabled it (compare with `ChannelStatus`). */
export async function channelStatus(f: RelayFixture, channelId: number): Promise<number> {
  return (await f.ctx.db.selectFrom('channels').select('status').where('id', '=', channelId).executeTakeFirstOrThrow()).status;
}
