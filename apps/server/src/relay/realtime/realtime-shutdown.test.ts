import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { eventually } from '../../../test/eventually.js';
import { FakeRealtime } from '../../../test/fake-realtime.js';
import { relayFixture } from '../../../test/relay-fixture.js';

describe('Realtime sessions when the server closes', () => {
  it('ends every open session with 1001, and gives back what it held', async () => {
    const fake = await new FakeRealtime().start();
    const g = await relayFixture('sqlite');
    try {
      await g.ctx.options.set('ModelRatio', JSON.stringify({ 'gpt-realtime': 2 }));
      await g.addChannel({ type: 1, name: 'openai', key: 'upstream-key', base_url: fake.baseUrl, models: 'gpt-realtime' });
      const user = await g.addUser('rtshut', 1_000_000);
      const socket = new WebSocket(`${g.url.replace('http', 'ws')}/v1/realtime?model=gpt-realtime`, { headers: { authorization: `Bearer sk-${await g.addKey(user)}` } });
      const closed = new Promise<number>((resolve) => socket.once('close', resolve));
      await new Promise((resolve, reject) => {
        socket.once('open', resolve);
        socket.once('error', reject);
      });
      // As a shutdown does (graceful-shutdown.ts): the server closes, then the sessions in flight settle.
      await g.app.close();
      expect(await closed).toBe(1001);
      await g.ctx.relay.inFlight.idle();
      await g.flush();
      const row = await g.ctx.db.selectFrom('users').select('quota').where('id', '=', user).executeTakeFirstOrThrow();
      expect(Number(row.quota)).toBe(1_000_000);
      await eventually(() => fake.openSockets === 0);
    } finally {
      await g.close();
      await fake.stop();
    }
  });
});
