import autocannon from 'autocannon';
import { startFakeUpstream } from './fake-upstream.js';
import { waitFor } from './process-probes.js';
import { allAtOnce, start } from './stream-clients.js';

/**
 * The load the per-request gauges (gc-per-request, alloc-profile) put on Tollgate: OpenAI chat requests,
 * answered whole (`json`) or streamed at once (`stream`) by the fake upstream at 50 connections, or `slow`
 * streams all started together against an upstream that streams for 5 s, a chunk every 250 ms, as
 * `npm run bench:streams` does: each stream's state outlives many young collections there.
 */
export type ChatLoad = 'json' | 'stream' | 'slow';

export const chatLoadOf = (args: string[]): ChatLoad => (args.includes('slow') ? 'slow' : args.includes('stream') ? 'stream' : 'json');

/** Starts the upstream the load needs on `port`; resolves to what stops it. */
export async function startChatUpstream(load: ChatLoad, port: number): Promise<() => void> {
  if (load !== 'slow') {
    const upstream = await startFakeUpstream(port);
    return () => upstream.close();
  }
  const upstream = start('node', ['--import', 'tsx', 'bench/slow-stream-upstream.ts', String(port), '5', '250']);
  await waitFor(`http://127.0.0.1:${port}/`);
  return () => upstream.kill('SIGTERM');
}

/** Sends `amount` chat requests with the key; resolves to how many failed. */
export async function sendChats(load: ChatLoad, url: string, key: string, amount: number): Promise<number> {
  if (load === 'slow') return amount - (await allAtOnce(`${url}/v1/chat/completions`, key, amount)).ok;
  const result = await autocannon({
    url: `${url}/v1/chat/completions`,
    method: 'POST',
    connections: Number(process.env.BENCH_CONNECTIONS ?? 50),
    amount,
    headers: { 'content-type': 'application/json', authorization: `Bearer sk-${key}` },
    body: JSON.stringify({ model: 'gpt-4o-mini', stream: load === 'stream', messages: [{ role: 'user', content: 'Hello there, how are you?' }] }),
  });
  return result.errors + result.non2xx;
}
