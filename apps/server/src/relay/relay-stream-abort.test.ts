import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { billAfterLeaving, leaveAfterFiveParts } from '../../test/client-leaves.js';
import { databaseKinds } from '../../test/databases.js';
import { eventually } from '../../test/eventually.js';
import { FakeOpenAI } from '../../test/fake-openai.js';
import { relayFixture, type RelayFixture } from '../../test/relay-fixture.js';
import { TurnWriter } from './streaming/turn-writer.js';

// The bill of a cut-off stream is written by each database's own path (the SQLite ledger, batched SQL elsewhere).
describe.each(databaseKinds)('a client leaving in the middle of a stream on %s', (kind) => {
  let f: RelayFixture;
  let upstream: FakeOpenAI;
  let userId: number;
  let key: string;

  beforeAll(async () => {
    upstream = await new FakeOpenAI('slow').start();
    f = await relayFixture(kind);
    await f.addChannel({ name: 'slow', base_url: upstream.baseUrl, models: 'gpt-4o-mini' });
    userId = await f.addUser('leaver', 10_000_000);
    key = await f.addKey(userId);
  });
  afterAll(async () => {
    await f.close();
    await upstream.stop();
  });

  const streamChat = (apiKey: string, content: string, signal: AbortSignal) =>
    fetch(`${f.url}/v1/chat/completions`, {
      method: 'POST',
      signal,
      headers: { authorization: `Bearer sk-${apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'gpt-4o-mini', stream: true, messages: [{ role: 'user', content }] }),
    });

  it('stops the upstream request and bills what was produced', async () => {
    upstream.behaviour = { chunks: 200, chunkDelayMs: 20 };
    const abort = new AbortController();
    const response = await streamChat(key, 'count slowly', abort.signal);
    await leaveAfterFiveParts(response, abort);
    // The upstream sees its connection closed long before its 200 chunks (4 s) are out.
    await expect.poll(() => upstream.closedStreams, { timeout: 2000 }).toBe(1);
    const log = await billAfterLeaving(f, userId);
    // At least the five parts read, far fewer than the 200 that would have come.
    expect(log.completion_tokens).toBeGreaterThanOrEqual(5);
    expect(log.completion_tokens).toBeLessThan(200);
    expect(log.quota).toBeGreaterThan(0);
  });

  it('bills a client that stopped reading before it left, however much the upstream had sent', async () => {
    const reader = await f.addUser('stalled', 10_000_000);
    const stalledKey = await f.addKey(reader);
    // About 15 MB in one burst: far more than the sockets between us and the client can hold.
    upstream.behaviour = { chunks: 100_000, omitUsage: true };
    const abort = new AbortController();
    // The relay waits for a client that is behind only once the buffers between them are full.
    const waits = vi.spyOn(TurnWriter.prototype, 'drained');
    try {
      const response = await streamChat(stalledKey, 'say a lot', abort.signal);
      expect(response.status).toBe(200);
      await eventually(() => waits.mock.calls.length > 0);
    } finally {
      waits.mockRestore();
    }
    abort.abort();
    await billAfterLeaving(f, reader);
  });
});
