import { LogType } from '@tollgate/contract';
import { expect } from 'vitest';
import { eventually } from './eventually.js';
import type { RelayFixture } from './relay-fixture.js';

/**
 * The client leaving a slow stream (the fakes' `chunks: 200, chunkDelayMs: 20` write `part0 part1 …`):
 * it reads until the fifth part has come, then aborts its request as a closed browser tab would.
 */
export async function leaveAfterFiveParts(response: Response, abort: AbortController): Promise<void> {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let received = '';
  while (!received.includes('part4 ')) {
    const { value, done } = await reader.read();
    // A stream that ended early would otherwise be read forever.
    if (done) throw new Error(`the stream ended before its fifth part: ${received}`);
    received += decoder.decode(value);
  }
  abort.abort();
}

/**
 * The consume log of a user whose client left. The relay writes it only once it has seen the upstream
 * stop, and usage is batched, so it is waited for (flushing each time) rather than read once.
 */
export async function billAfterLeaving(f: RelayFixture, userId: number, timeout = 10_000) {
  // The relay's handling of the request, its settlement included, has ended once none is in flight.
  await f.ctx.relay.inFlight.idle();
  return eventually(
    async () => {
      await f.flush();
      const log = await f.ctx.db.selectFrom('logs').select(['completion_tokens', 'quota']).where('user_id', '=', userId).where('type', '=', LogType.Consume).executeTakeFirst();
      expect(log).toMatchObject({ completion_tokens: expect.any(Number) as unknown, quota: expect.any(Number) as unknown });
      return log!;
    },
    { timeout },
  );
}
