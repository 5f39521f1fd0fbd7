import type { OutgoingHttpHeaders } from 'node:http';
import type { RelayReply } from '../relay-exchange.js';
import type { CachedAnswer } from './cache-entry.js';
import { CACHE_HEADER } from './cache-mode.js';

/**
 * Sends a cached answer as its first client was sent it, in the same protocol: a JSON body, or the whole SSE
 * stream at once (a valid stream of that protocol: its events, its usage and its end), with x-tollgate-cache: hit.
 */
export async function sendCachedAnswer(reply: RelayReply, answer: CachedAnswer): Promise<void> {
  if (!answer.stream) return void (await reply.status(200).headers({ [CACHE_HEADER]: 'hit' }).type(answer.contentType).send(Buffer.from(answer.body)));
  reply.hijack();
  const headers = reply.getHeaders();
  headers['content-type'] = answer.contentType;
  headers['cache-control'] = 'no-cache';
  headers['x-accel-buffering'] = 'no';
  headers[CACHE_HEADER] = 'hit';
  reply.raw.writeHead(200, headers as OutgoingHttpHeaders);
  await new Promise<void>((resolve) => reply.raw.end(answer.body, resolve));
}
