import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CITY_FORMAT, expectEmulatedAnswer, expectEmulatedStream } from '../../test/emulated-json-schema.js';
import { FakeAnthropic } from '../../test/fake-anthropic.js';
import { FakeOpenAI } from '../../test/fake-openai.js';
import { relayFixture, type RelayFixture } from '../../test/relay-fixture.js';

const CLAUDE = 'claude-sonnet-4-5';
/** Served by both an Anthropic and an OpenAI-protocol channel. */
const SHARED = 'shared-model';

/**
 * A parameter is honoured, emulated or refused by name, never dropped (issue 17, item 6): Anthropic answers
 * a json_schema through a forced tool; what a channel cannot do sends the request to a channel that can, or
 * is refused with a 400 naming the parameter and the channel, uncharged.
 */
describe('parameters a channel cannot honour', () => {
  let f: RelayFixture;
  let anthropic: FakeAnthropic;
  let openai: FakeOpenAI;
  let userId: number;
  let key: string;

  beforeAll(async () => {
    anthropic = await new FakeAnthropic('claude').start();
    openai = await new FakeOpenAI('openai').start();
    f = await relayFixture('sqlite');
    await f.ctx.options.set('ModelRatio', JSON.stringify({ [CLAUDE]: 1, [SHARED]: 1 }));
    await f.addChannel({ type: 14, name: 'claude', key: 'sk-ant', base_url: anthropic.baseUrl, models: `${CLAUDE},${SHARED}`, priority: 10 });
    await f.addChannel({ type: 1, name: 'openai', base_url: openai.baseUrl, models: SHARED });
    userId = await f.addUser('params', 1_000_000);
    key = await f.addKey(userId);
  });
  afterAll(async () => {
    await f.close();
    await Promise.all([anthropic.stop(), openai.stop()]);
  });

  const chat = (body: object) =>
    fetch(`${f.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer sk-${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ messages: [{ role: 'user', content: 'hi' }], ...body }),
    });
  const usedQuota = async () => Number((await f.ctx.db.selectFrom('users').select('used_quota').where('id', '=', userId).executeTakeFirstOrThrow()).used_quota);

  it.each([
    ['n', { n: 3 }],
    ['logprobs', { logprobs: true, top_logprobs: 2 }],
  ])('refuses %s on an Anthropic channel with a 400 naming it, and charges nothing', async (param, extra) => {
    const before = await usedQuota();
    const calls = anthropic.received.length;
    const response = await chat({ model: CLAUDE, ...extra });
    expect(response.status).toBe(400);
    const { error } = (await response.json()) as { error: { message: string; code: string; param: string } };
    expect(error).toMatchObject({ code: 'unsupported_parameter', param });
    expect(error.message).toMatch(new RegExp(`^${param} is not supported by channel #\\d+ \\(Anthropic Claude\\)`));
    expect(anthropic.received.length).toBe(calls);
    await f.flush();
    expect(await usedQuota()).toBe(before);
  });

  it('sends such a request to a channel that honours it instead', async () => {
    const response = await chat({ model: SHARED, n: 2 });
    expect(response.status).toBe(200);
    expect(openai.received.at(-1)?.json).toMatchObject({ n: 2 });
  });

  it('emulates a json_schema response format on Anthropic with a forced tool whose input is the answer', async () => {
    const response = await chat({ model: CLAUDE, response_format: CITY_FORMAT });
    await expectEmulatedAnswer(anthropic.received.at(-1)?.json, response);
  });

  it('streams the emulated object as content', async () => {
    await expectEmulatedStream(await chat({ model: CLAUDE, stream: true, response_format: CITY_FORMAT }));
  });

  it('keeps sending plain requests to the preferred Anthropic channel', async () => {
    const calls = anthropic.received.length;
    expect((await chat({ model: SHARED })).status).toBe(200);
    expect(anthropic.received.length).toBe(calls + 1);
  });
});
