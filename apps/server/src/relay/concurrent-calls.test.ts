import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeOpenAI } from '../../test/fake-openai.js';
import { relayFixture, type RelayFixture } from '../../test/relay-fixture.js';

/**
 * Non-stream calls run on when their client leaves, so they share one never-cancelled signal. Listening on
 * it once per call in flight made Node warn of a listener leak past ten concurrent calls, under any load.
 */
describe('many non-stream calls in flight at once', () => {
  let t: RelayFixture;
  const upstream = new FakeOpenAI('busy');
  beforeAll(async () => {
    await upstream.start();
    upstream.behaviour = { delayMs: 100 };
    t = await relayFixture('sqlite');
    await t.addChannel({ name: 'busy', base_url: upstream.baseUrl, models: 'gpt-4o-mini' });
  });
  afterAll(async () => {
    await t.close();
    await upstream.stop();
  });

  it('are all answered without a listener-leak warning', async () => {
    const warnings: string[] = [];
    const onWarning = (warning: Error) => warnings.push(warning.name);
    process.on('warning', onWarning);
    try {
      const key = await t.addKey((await t.ctx.db.selectFrom('users').select('id').where('username', '=', 'root').executeTakeFirstOrThrow()).id);
      const answers = await Promise.all(Array.from({ length: 30 }, () => t.client(key).chat.completions.create({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }] })));
      expect(answers).toHaveLength(30);
      // Warnings are emitted on the next tick.
      await new Promise((resolve) => setImmediate(resolve));
      expect(warnings.filter((name) => name === 'MaxListenersExceededWarning')).toEqual([]);
    } finally {
      process.off('warning', onWarning);
    }
  });
});
