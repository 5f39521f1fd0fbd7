import { LogType, parseLogOther } from '@tollgate/contract';
import { expect } from 'vitest';
import { counterFor } from '../src/relay/tokens/encoders.js';
import { lastConsumeLog } from './consume-log.js';
import type { RelayFixture } from './relay-fixture.js';

/** One streaming adaptor whose fake upstream breaks off mid-stream. */
export interface StreamBreak {
  /** A model a channel of the fixture serves through the adaptor. */
  model: string;
  /** The fake behind that channel. */
  upstream: { breakAfterWrites?: number };
  /** Body writes the fake sends before the connection drops: its first events, with some content. */
  writes: number;
  /** The content those events carry, which the client must receive before the error. */
  delivered: string;
  /** The usage the upstream had reported in those events, where its protocol reports it as it goes. */
  reported?: { input: number; output: number };
}

/** The content of an OpenAI SSE body's chunks, and its events' payloads. */
function readBody(body: string) {
  const payloads = body
    .split('\n\n')
    .map((event) => event.trim())
    .filter((event) => event.startsWith('data: '))
    .map((event) => event.slice(6));
  const chunks = payloads.filter((data) => data !== '[DONE]').map((data) => JSON.parse(data) as { choices?: { delta?: { content?: string } }[]; error?: { code?: string } });
  return { payloads, chunks, text: chunks.map((chunk) => chunk.choices?.[0]?.delta?.content ?? '').join('') };
}

/** What the user has been charged, as written. */
export const usedQuota = async (f: RelayFixture, userId: number) => Number((await f.ctx.db.selectFrom('users').select('used_quota').where('id', '=', userId).executeTakeFirstOrThrow()).used_quota);

export interface BillingMark {
  used: number;
  logId: number;
}

/** Where a test starts: what the user has spent and the last log, once earlier requests have settled. */
export async function billingMark(f: RelayFixture, userId: number): Promise<BillingMark> {
  // A stream's settle runs after its client has read the end: wait until no request is in flight, then write the batch.
  await f.ctx.relay.inFlight.idle();
  await f.flush();
  const last = await f.ctx.db.selectFrom('logs').select('id').orderBy('id', 'desc').executeTakeFirst();
  return { used: await usedQuota(f, userId), logId: Number(last?.id ?? 0) };
}

/** The log of the request made since `start`, once written; the user was charged exactly what it says. */
export async function settledSince(f: RelayFixture, userId: number, start: BillingMark) {
  await f.flush();
  const log = await lastConsumeLog(f);
  expect(log.id).toBeGreaterThan(start.logId);
  expect(await usedQuota(f, userId)).toBe(start.used + log.quota);
  return { log, other: parseLogOther(log.other) };
}

/**
 * Streams `model` while its upstream breaks off, and checks the edge of the stream (issue 17): the client
 * gets the content then an error event, never `[DONE]`; the log is marked interrupted by the upstream; the
 * bill is the input the upstream reported (else counted locally) and the larger of the output it reported
 * and the output delivered; the user is charged exactly what the log says.
 */
export async function expectBrokenStreamBilled(f: RelayFixture, key: string, userId: number, c: StreamBreak): Promise<void> {
  const before = await billingMark(f, userId);
  c.upstream.breakAfterWrites = c.writes;
  let body: string;
  try {
    const response = await fetch(`${f.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer sk-${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: c.model, stream: true, messages: [{ role: 'user', content: 'Say hello.' }] }),
    });
    expect(response.status).toBe(200);
    body = await response.text();
  } finally {
    c.upstream.breakAfterWrites = undefined;
  }
  const { payloads, chunks, text } = readBody(body);
  expect(text).toBe(c.delivered);
  expect(payloads).not.toContain('[DONE]');
  expect(chunks.at(-1)?.error).toMatchObject({ code: 'stream_interrupted' });

  const { log, other } = await settledSince(f, userId, before);
  expect(log.model_name).toBe(c.model);
  expect(other.interrupted).toBe('upstream');
  const delivered = (await counterFor(c.model, false))(c.delivered);
  expect(log.completion_tokens).toBe(Math.max(c.reported?.output ?? 0, delivered));
  if (c.reported) expect(log.prompt_tokens).toBe(c.reported.input);
  else expect(log.prompt_tokens).toBeGreaterThan(0);
  expect(log.quota).toBeGreaterThan(0);
}

/** Log rows = quota used: the sum of the user's consume logs is what the user was charged. */
export async function expectLogsAddUp(f: RelayFixture, userId: number): Promise<void> {
  await f.flush();
  const logs = await f.ctx.db.selectFrom('logs').select('quota').where('user_id', '=', userId).where('type', '=', LogType.Consume).execute();
  expect(logs.reduce((sum, log) => sum + Number(log.quota), 0)).toBe(await usedQuota(f, userId));
}
