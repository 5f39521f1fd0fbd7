import { afterEach, describe, expect, it } from 'vitest';
import { lastConsumeLog } from '../../test/consume-log.js';
import { eventually } from '../../test/eventually.js';
import { FakeOpenAI } from '../../test/fake-openai.js';
import { relayFixture, type RelayFixture } from '../../test/relay-fixture.js';

const GPT = 'gpt-4o-mini';

/**
 * A non-stream call whose client hangs up (issue 17, item 5): the provider charges for the work either way,
 * so the call runs on and its reported usage is billed, as one-api does; CANCEL_ON_CLIENT_HANGUP stops it.
 */
describe('a non-stream client that hangs up', () => {
  let f: RelayFixture | undefined;
  let upstream: FakeOpenAI | undefined;
  afterEach(async () => {
    await f?.close();
    await upstream?.stop();
  });

  const setUp = async (env: Record<string, string> = {}) => {
    upstream = await new FakeOpenAI('slow').start();
    upstream.behaviour = { delayMs: 400, usage: { prompt_tokens: 30, completion_tokens: 20 } };
    f = await relayFixture('sqlite', env);
    await f.ctx.options.set('ModelRatio', JSON.stringify({ [GPT]: 1 }));
    await f.addChannel({ type: 1, name: 'slow', base_url: upstream.baseUrl, models: GPT });
    const key = await f.addKey(await f.addUser('leaver', 1_000_000));
    const leave = new AbortController();
    const call = fetch(`${f.url}/v1/chat/completions`, {
      method: 'POST',
      signal: leave.signal,
      headers: { authorization: `Bearer sk-${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: GPT, messages: [{ role: 'user', content: 'think long' }] }),
    }).catch(() => undefined);
    // The client leaves once its call is at the upstream, which is still thinking.
    await eventually(() => upstream!.received.length === 1);
    leave.abort();
    await call;
    return f;
  };
  const consumeLogs = (fixture: RelayFixture) => fixture.ctx.db.selectFrom('logs').select('id').where('type', '=', 2).execute();

  it('lets the upstream call finish and bills the usage it reports', async () => {
    const fixture = await setUp();
    await expect
      .poll(
        async () => {
          await fixture.flush();
          return (await consumeLogs(fixture)).length;
        },
        { timeout: 5000 },
      )
      .toBe(1);
    expect(await lastConsumeLog(fixture)).toMatchObject({ prompt_tokens: 30, completion_tokens: 20 });
  });

  it('stops it and bills nothing with CANCEL_ON_CLIENT_HANGUP', async () => {
    const fixture = await setUp({ CANCEL_ON_CLIENT_HANGUP: 'true' });
    // Nothing to wait out: the relay's handling of the call, its settlement included, has ended.
    await fixture.ctx.relay.inFlight.idle();
    await fixture.flush();
    expect(await consumeLogs(fixture)).toHaveLength(0);
  });
});
