import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, databaseKinds, type DatabaseKind } from '../../test/databases.js';
import { FakeOpenAI } from '../../test/fake-openai.js';
import { expectAllWritten, provisionRoot, readWritten, rootBalance, SlowUpstreams } from '../../test/in-flight-traffic.js';
import { portOf, relayFixture, type RelayFixture } from '../../test/relay-fixture.js';
import { silentLogger } from '../../test/test-app.js';
import { buildApp } from '../app.js';
import { createRuntime } from '../bootstrap.js';
import { loadConfig } from '../config.js';
import { gracefulShutdown } from '../graceful-shutdown.js';

describe.each(databaseKinds)('quota under load and failure on %s', (kind) => {
  let f: RelayFixture;
  let upstream: FakeOpenAI;

  beforeAll(async () => {
    upstream = await new FakeOpenAI('billing').start();
    f = await relayFixture(kind);
    await f.addChannel({ name: 'billing', base_url: upstream.baseUrl, models: 'gpt-4o' });
    // A fixed, simple price: gpt-4o at ratio 1, completion ratio 1.
    await f.ctx.options.set('ModelRatio', '{"gpt-4o":1}');
    await f.ctx.options.set('CompletionRatio', '{"gpt-4o":1}');
    await f.ctx.options.set('PreConsumedQuota', '0');
  });
  afterAll(async () => {
    await f.close();
    await upstream.stop();
  });

  const chat = (key: string, maxTokens = 5) =>
    fetch(`${f.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer sk-${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'gpt-4o', max_tokens: maxTokens, messages: [{ role: 'user', content: 'hi' }] }),
    });
  const balance = async (userId: number) => Number((await f.ctx.db.selectFrom('users').select('quota').where('id', '=', userId).executeTakeFirstOrThrow()).quota);

  it('refunds the whole reservation when the upstream fails', async () => {
    const userId = await f.addUser('refunded', 10_000);
    const key = await f.addKey(userId);
    upstream.behaviour = { fail: { status: 500, body: { error: { message: 'down' } } } };
    expect((await chat(key, 1000)).status).toBe(500);
    upstream.behaviour = {};
    await f.flush();
    expect(await balance(userId)).toBe(10_000);
    const logs = await f.ctx.db.selectFrom('logs').select('id').where('user_id', '=', userId).where('type', '=', 2).execute();
    expect(logs).toHaveLength(0);
  });

  it('refunds the reservation when the upstream breaks off in the middle of its answer', async () => {
    const userId = await f.addUser('brokenoff', 10_000);
    const key = await f.addKey(userId);
    upstream.behaviour = { breakBody: true };
    const response = await chat(key, 1000).catch((error: unknown) => error);
    upstream.behaviour = {};
    expect(response instanceof Response ? response.status : 'failed').not.toBe(200);
    await f.flush();
    expect(await balance(userId)).toBe(10_000);
  });

  it('never lets 200 concurrent requests overspend a user with quota for 20', async () => {
    // Each request reserves (0 + ~9 prompt estimate + 5) and settles at 15 (10 prompt + 5 completion).
    const userId = await f.addUser('crowded', 20 * 15);
    const key = await f.addKey(userId);
    upstream.behaviour = { delayMs: 20 };
    const statuses = await Promise.all(Array.from({ length: 200 }, () => chat(key).then((r) => r.status)));
    upstream.behaviour = {};
    await f.flush();
    const ok = statuses.filter((s) => s === 200).length;
    expect(ok).toBeGreaterThan(0);
    expect(statuses.every((s) => s === 200 || s === 403)).toBe(true);
    const remaining = await balance(userId);
    // Nothing below zero beyond what one reservation can differ from its final charge.
    expect(remaining).toBeGreaterThanOrEqual(-15);
    expect(remaining).toBe(20 * 15 - ok * 15);
  });

  it('never lets concurrent requests overspend a limited key', async () => {
    const userId = await f.addUser('keyholder', 1_000_000);
    const key = await f.addKey(userId, { unlimitedQuota: false, remainQuota: 10 * 15 });
    const statuses = await Promise.all(Array.from({ length: 100 }, () => chat(key).then((r) => r.status)));
    await f.flush();
    const ok = statuses.filter((s) => s === 200).length;
    const token = await f.ctx.db.selectFrom('tokens').select(['remain_quota', 'used_quota']).where('key', '=', key).executeTakeFirstOrThrow();
    expect(Number(token.remain_quota)).toBeGreaterThanOrEqual(-15);
    expect(Number(token.used_quota)).toBe(ok * 15);
    expect(Number(token.remain_quota)).toBe(10 * 15 - ok * 15);
  });

  it('counts what was charged beyond the reservations before it is written, for a user and for a key', async () => {
    // Each request reserves about 14 and is charged 1000: the 985 beyond wait for the batched write.
    upstream.behaviour = { usage: { prompt_tokens: 10, completion_tokens: 990 } };
    const spender = await f.addUser('spender', 2500);
    const forUser = await f.addKey(spender);
    const keyOwner = await f.addUser('keyowner', 1_000_000);
    const forKey = await f.addKey(keyOwner, { unlimitedQuota: false, remainQuota: 2500 });
    const statuses = async (key: string) => {
      const seen: number[] = [];
      for (let i = 0; i < 4; i += 1) {
        // The key's cached record is read again each time, as after a console edit or another node's change.
        f.ctx.relay.keys.clear();
        seen.push((await chat(key)).status);
      }
      return seen;
    };
    try {
      // 2500 -> 1500 -> 500 -> -500 -> nothing left: the fourth would spend what the third already owes.
      expect(await statuses(forUser)).toEqual([200, 200, 200, 403]);
      expect(await statuses(forKey)).toEqual([200, 200, 200, 401]);
    } finally {
      upstream.behaviour = {};
    }
    await f.flush();
    expect(await balance(spender)).toBe(-500);
    expect(Number((await f.ctx.db.selectFrom('tokens').select('remain_quota').where('key', '=', forKey).executeTakeFirstOrThrow()).remain_quota)).toBe(-500);
  });

  it('refuses clearly when the user cannot pay for the reservation', async () => {
    const userId = await f.addUser('pauper', 3);
    const key = await f.addKey(userId);
    const response = await chat(key, 100);
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ error: { code: 'insufficient_user_quota', message: expect.stringMatching(/^user quota is not enough/) } });
  });

  it('refuses a max_tokens no balance could cover, in every client protocol, and charges nothing', async () => {
    const userId = await f.addUser('dreamer', 1_000_000);
    const key = await f.addKey(userId);
    const headers = { authorization: `Bearer sk-${key}`, 'content-type': 'application/json' };
    const messages = await fetch(`${f.url}/v1/messages`, { method: 'POST', headers, body: JSON.stringify({ model: 'gpt-4o', max_tokens: 1e308, messages: [{ role: 'user', content: 'hi' }] }) });
    expect(messages.status).toBe(403);
    const gemini = await fetch(`${f.url}/v1beta/models/gpt-4o:generateContent`, { method: 'POST', headers, body: JSON.stringify({ contents: [{ role: 'user', parts: [{ text: 'hi' }] }], generationConfig: { maxOutputTokens: 1e308 } }) });
    expect(gemini.status).toBe(403);
    await f.flush();
    expect(await balance(userId)).toBe(1_000_000);
  });

  it('refuses a model without a price, naming it', async () => {
    await f.addChannel({ name: 'unpriced', base_url: upstream.baseUrl, models: 'house-model' });
    const userId = await f.addUser('curious', 1000);
    const response = await fetch(`${f.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer sk-${await f.addKey(userId)}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'house-model', messages: [{ role: 'user', content: 'hi' }] }),
    });
    expect(response.status).toBe(503);
    const { error } = (await response.json()) as { error: { message: string; type: string; code: string } };
    expect(error).toMatchObject({ type: 'model_not_configured', code: 'model_price_not_set' });
    expect(error.message).toMatch(/house-model has no price: .*ModelRatio.*DefaultModelRatio/);
  });
});

/** What a shutdown test gets: the server's address and environment, and main.ts's shutdown of it. */
interface ShutdownScenario {
  url: string;
  env: Record<string, string>;
  shutDown(deadlineMs?: number): Promise<number>;
}

/** A server on a fresh database, built as main.ts builds it, for a test that shuts it down; cleaned up whatever happens. */
async function withServerToShutDown(kind: DatabaseKind, test: (server: ShutdownScenario) => Promise<void>): Promise<void> {
  const database = await createTestDatabase(kind);
  // A long batch interval: nothing is written by the timer, only by the shutdown's final flush.
  const env = { SESSION_SECRET: 'test-session-secret', LOG_LEVEL: 'silent', CRITICAL_RATE_LIMIT: '0', GLOBAL_API_RATE_LIMIT: '0', BATCH_UPDATE_INTERVAL: '3600', ...database.env };
  const runtime = await createRuntime(loadConfig(env), silentLogger);
  const app = await buildApp(runtime.ctx);
  let shutDown = false;
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    await test({
      url: `http://127.0.0.1:${portOf(app.server)}`,
      env,
      // What main.ts runs on SIGTERM, with the real runtime: its close flushes, then closes the database.
      shutDown: (deadlineMs = 0) => ((shutDown = true), gracefulShutdown(app, runtime, silentLogger, deadlineMs)),
    });
  } finally {
    if (!shutDown) await gracefulShutdown(app, runtime, silentLogger, 300);
    await database.drop();
  }
}

describe.each(databaseKinds)('graceful shutdown on %s', (kind) => {
  it('writes the usage of every request still in flight when shutdown starts, streams included', async () => {
    // Answers that take a while: all 20 requests are inside the relay when the shutdown begins.
    const upstreams = await new SlowUpstreams().start();
    try {
      await withServerToShutDown(kind, async ({ url, env, shutDown }) => {
        const { before, answers } = await upstreams.sendTwentyChats(url);
        expect(await shutDown()).toBe(0);
        expectAllWritten(await answers, before, await readWritten(env));
      });
    } finally {
      await upstreams.stop();
    }
  });

  it('closes a stream still running at SHUTDOWN_TIMEOUT and bills what it had produced', async () => {
    // Twenty seconds of answer, with no usage until its end: the relay must count what it relayed.
    const endless = await new FakeOpenAI('endless').start();
    endless.behaviour = { chunks: 1000, chunkDelayMs: 20, omitUsage: true };
    try {
      await withServerToShutDown(kind, async ({ url, env, shutDown }) => {
        const { key, cookie } = await provisionRoot(url, [{ model: 'gpt-4o', baseUrl: endless.baseUrl }]);
        const before = await rootBalance(url, cookie);
        const response = await fetch(`${url}/v1/chat/completions`, {
          method: 'POST',
          headers: { authorization: `Bearer sk-${key}`, 'content-type': 'application/json' },
          body: JSON.stringify({ model: 'gpt-4o', stream: true, messages: [{ role: 'user', content: 'go on and on' }] }),
        });
        const reader = response.body!.getReader();
        let received = '';
        while (!received.includes('part5 ')) received += new TextDecoder().decode((await reader.read()).value);
        const reading = reader.closed.catch(() => undefined);

        const started = Date.now();
        expect(await shutDown(300)).toBe(0);
        // The deadline, not the twenty seconds of answer, ended it.
        expect(Date.now() - started).toBeLessThan(5000);
        await reader.cancel().catch(() => undefined);
        await reading;
        const written = await readWritten(env);
        expect(written.logs).toHaveLength(1);
        expect(written.logs[0]).toMatchObject({ is_stream: true });
        expect(written.logs[0]!.quota).toBeGreaterThan(0);
        expect(before.quota - written.root.quota).toBe(written.logs[0]!.quota);
        expect(written.root.request_count - before.request_count).toBe(1);
      });
    } finally {
      await endless.stop();
    }
  });
});
