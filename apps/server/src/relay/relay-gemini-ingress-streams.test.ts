import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { billAfterLeaving, leaveAfterFiveParts } from '../../test/client-leaves.js';
import { lastConsumeLog } from '../../test/consume-log.js';
import { databaseKinds } from '../../test/databases.js';
import { FAKE_STREAM_ERROR, FakeGemini } from '../../test/fake-gemini.js';
import { FakeOpenAI } from '../../test/fake-openai.js';
import { geminiClient, postGemini } from '../../test/gemini-client.js';
import { relayFixture, type RelayFixture } from '../../test/relay-fixture.js';

const GEMINI = 'gemini-2.5-flash';
/** Served by a Gemini channel that declares no native protocol: Gemini clients' requests are converted. */
const CONVERTED_GEMINI = 'gemini-2.0-flash';
const GPT = 'gpt-4o-mini';
const ask = { contents: [{ role: 'user', parts: [{ text: 'count slowly' }] }] };

describe.each(databaseKinds)('Gemini streams on %s', (kind) => {
  let f: RelayFixture;
  let gemini: FakeGemini;
  let openai: FakeOpenAI;
  let userId: number;
  let key: string;

  beforeAll(async () => {
    gemini = await new FakeGemini('gemini').start();
    openai = await new FakeOpenAI('openai').start();
    f = await relayFixture(kind);
    await f.ctx.options.set('ModelRatio', JSON.stringify({ [GEMINI]: 1, [CONVERTED_GEMINI]: 1 }));
    await f.addChannel({ type: 24, name: 'gemini', key: 'AIza-upstream', base_url: gemini.baseUrl, models: GEMINI });
    await f.addChannel({ type: 24, name: 'gemini-converted', key: 'AIza-upstream', base_url: gemini.baseUrl, models: CONVERTED_GEMINI, config: JSON.stringify({ native_protocols: 'none' }) });
    await f.addChannel({ type: 1, name: 'openai', base_url: openai.baseUrl, models: GPT });
    userId = await f.addUser('streamer', 10_000_000);
    key = await f.addKey(userId);
  });
  afterAll(async () => {
    await f.close();
    await gemini.stop();
    await openai.stop();
  });
  afterEach(() => {
    gemini.behaviour = {};
    openai.behaviour = {};
  });

  const streamPath = (model: string, sse: boolean) => `/v1beta/models/${model}:streamGenerateContent${sse ? '?alt=sse' : ''}`;

  it('re-frames a passed-through stream as the JSON array a client without alt=sse reads', async () => {
    const response = await postGemini(f, key, streamPath(GEMINI, false), ask);
    expect(response.status).toBe(200);
    const body = await response.text();
    expect(body.startsWith('[{')).toBe(true);
    expect(body).toContain('},\r\n{');
    expect(body.endsWith('}]')).toBe(true);
    const responses = JSON.parse(body) as { candidates: { content: { parts: { text: string }[] } }[] }[];
    expect(responses.map((r) => r.candidates[0]?.content.parts[0]?.text).join('')).toBe('Hello from gemini');
    // The upstream is always asked for SSE, which it frames reliably.
    expect(gemini.received.at(-1)?.path).toBe(`/v1beta/models/${GEMINI}:streamGenerateContent?alt=sse`);
    await f.flush();
    expect(await lastConsumeLog(f)).toMatchObject({ model_name: GEMINI, prompt_tokens: 12, completion_tokens: 6 });
  });

  it('writes a converted stream as the JSON array too', async () => {
    const body = await (await postGemini(f, key, streamPath(GPT, false), ask)).text();
    expect(body.startsWith('[{')).toBe(true);
    const responses = JSON.parse(body) as { candidates: { content: { parts: { text: string }[] }; finishReason?: string }[]; usageMetadata?: unknown }[];
    expect(responses.map((r) => r.candidates[0]?.content.parts[0]?.text).join('')).toBe('part0 part1 part2 ');
    expect(responses.at(-1)).toMatchObject({ candidates: [{ finishReason: 'STOP' }], usageMetadata: { promptTokenCount: 10, candidatesTokenCount: 5, totalTokenCount: 15 } });
  });

  it('frames SSE as Google does, one response per event, and ends without a terminator', async () => {
    const body = await (await postGemini(f, key, streamPath(GPT, true), ask)).text();
    const events = body.split('\r\n\r\n').filter(Boolean);
    expect(events.every((event) => event.startsWith('data: {'))).toBe(true);
    expect(body.endsWith('\r\n\r\n')).toBe(true);
    expect(body).not.toContain('[DONE]');
  });

  it('brings a passed-through upstream error mid-stream to the client as Google’s error event, and bills what came before', async () => {
    gemini.behaviour = { streamError: true };
    const texts: string[] = [];
    const failure = await (async () => {
      for await (const chunk of await geminiClient(f, key).models.generateContentStream({ model: GEMINI, contents: 'hi' })) texts.push(chunk.text ?? '');
    })().catch((error: unknown) => error as { status: number; message: string });
    expect(texts).toEqual(['Hello']);
    expect(failure).toMatchObject({ status: 500, message: expect.stringContaining('INTERNAL') as unknown });
    // The client stops at the error event, before the relay has settled what came before it.
    await expect
      .poll(
        async () => {
          await f.flush();
          return lastConsumeLog(f).catch(() => undefined);
        },
        { timeout: 10_000 },
      )
      .toMatchObject({ model_name: GEMINI, prompt_tokens: 12, completion_tokens: 2 });
  });

  it('brings a converted upstream error mid-stream to the client as Google’s error event', async () => {
    gemini.behaviour = { streamError: true };
    const body = await (await postGemini(f, key, streamPath(CONVERTED_GEMINI, true), ask)).text();
    const events = body
      .split('\r\n\r\n')
      .filter(Boolean)
      .map((event) => JSON.parse(event.slice('data: '.length)) as Record<string, unknown>);
    expect(events[0]).toMatchObject({ candidates: [{ content: { parts: [{ text: 'Hello' }], role: 'model' } }] });
    expect(events.at(-1)).toEqual(FAKE_STREAM_ERROR);
    // The upstream was sent the converted request, not the client's own.
    expect(gemini.received.at(-1)?.json).toMatchObject({ contents: ask.contents, safetySettings: expect.any(Array) as unknown });
  });

  it.each([
    ['converted', GPT, () => openai, 'leaver1'],
    ['passed through', GEMINI, () => gemini, 'leaver2'],
  ])('stops the upstream when the client leaves a %s stream, and bills what was produced', async (_path, model, upstream, username) => {
    const leaver = await f.addUser(username, 10_000_000);
    const leaverKey = await f.addKey(leaver);
    upstream().behaviour = { chunks: 200, chunkDelayMs: 20 };
    const closed = upstream().closedStreams;
    const abort = new AbortController();
    const response = await postGemini(f, leaverKey, streamPath(model, true), ask, { signal: abort.signal });
    await leaveAfterFiveParts(response, abort);
    await expect.poll(() => upstream().closedStreams, { timeout: 2000 }).toBe(closed + 1);
    const billed = await billAfterLeaving(f, leaver);
    expect(billed.completion_tokens).toBeGreaterThanOrEqual(5);
    expect(billed.completion_tokens).toBeLessThan(200);
    expect(billed.quota).toBeGreaterThan(0);
  });
});
