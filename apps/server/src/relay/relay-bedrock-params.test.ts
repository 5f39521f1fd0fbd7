import { parseLogOther } from '@tollgate/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { lastConsumeLog } from '../../test/consume-log.js';
import { databaseKinds } from '../../test/databases.js';
import { CITY_FORMAT, expectEmulatedAnswer, expectEmulatedStream } from '../../test/emulated-json-schema.js';
import { FakeBedrock } from '../../test/fake-bedrock.js';
import { FakeOpenAI } from '../../test/fake-openai.js';
import { relayFixture, type RelayFixture } from '../../test/relay-fixture.js';

const CLAUDE = 'claude-3-5-sonnet-20241022';
const NOVA = 'amazon.nova-lite-v1:0';
/** A name the channel maps to Llama 3, which takes one rendered prompt. */
const LLAMA = 'my-llama';
/** Served by a Bedrock channel (preferred) and an OpenAI one. */
const SHARED = 'shared-model';
const CREDENTIALS = { accessKeyId: 'AKIDFAKEBEDROCK', secretAccessKey: 'fake/secret+key', region: 'us-west-2' };

/**
 * Issue 17 on Bedrock: a parameter is honoured, emulated or refused by name, never dropped (Claude answers a
 * json_schema through the Anthropic adaptor's forced tool; what no Bedrock model does goes to another
 * channel or gets a 400 naming it), and a stream that breaks off is told to the client as an error, logged
 * interrupted and billed from the reported input and the larger of the reported and delivered output.
 */
describe.each(databaseKinds)('Bedrock parameters and broken streams on %s', (kind) => {
  let f: RelayFixture;
  let bedrock: FakeBedrock;
  let openai: FakeOpenAI;
  let userId: number;
  let key: string;

  beforeAll(async () => {
    bedrock = await new FakeBedrock('bedrock', CREDENTIALS).start();
    openai = await new FakeOpenAI('openai').start();
    f = await relayFixture(kind);
    await f.ctx.options.set('ModelRatio', JSON.stringify({ [CLAUDE]: 1, [NOVA]: 1, [SHARED]: 1, [LLAMA]: 1 }));
    await f.ctx.options.set('CompletionRatio', JSON.stringify({ [CLAUDE]: 1 }));
    const channelKey = `${CREDENTIALS.accessKeyId}|${CREDENTIALS.secretAccessKey}|${CREDENTIALS.region}`;
    await f.addChannel({ type: 33, name: 'bedrock', key: channelKey, base_url: bedrock.baseUrl, models: `${CLAUDE},${NOVA},${SHARED},${LLAMA}`, priority: 10, model_mapping: JSON.stringify({ [SHARED]: NOVA, [LLAMA]: 'llama3-8b-8192' }) });
    await f.addChannel({ type: 1, name: 'openai', base_url: openai.baseUrl, models: SHARED });
    userId = await f.addUser('bdrkparams', 10_000_000);
    key = await f.addKey(userId);
  });
  afterAll(async () => {
    await f.close();
    await Promise.all([bedrock.stop(), openai.stop()]);
  });
  afterEach(() => {
    bedrock.behaviour = {};
  });

  const chat = (body: object) =>
    fetch(`${f.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer sk-${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ messages: [{ role: 'user', content: 'hi' }], ...body }),
    });
  const usedQuota = async () => Number((await f.ctx.db.selectFrom('users').select('used_quota').where('id', '=', userId).executeTakeFirstOrThrow()).used_quota);
  const lastLogId = async () => Number((await f.ctx.db.selectFrom('logs').select('id').orderBy('id', 'desc').executeTakeFirst())?.id ?? 0);
  const mark = async () => {
    // The earlier requests have settled once none is in flight.
    await f.ctx.relay.inFlight.idle();
    await f.flush();
    return { used: await usedQuota(), logId: await lastLogId() };
  };

  it.each([
    ['n', CLAUDE, { n: 3 }],
    ['logprobs', CLAUDE, { logprobs: true }],
    ['n', NOVA, { n: 2 }],
    ['logprobs', NOVA, { top_logprobs: 2, logprobs: true }],
    ['tools', LLAMA, { tools: [{ type: 'function', function: { name: 'get_weather', parameters: { type: 'object' } } }] }],
    ['image_url', LLAMA, { messages: [{ role: 'user', content: [{ type: 'image_url', image_url: { url: 'data:image/png;base64,AAAA' } }] }] }],
    ['response_format', LLAMA, { response_format: { type: 'json_object' } }],
    ['stop', LLAMA, { stop: ['\n'] }],
  ])('refuses %s on %s with a 400 naming it, uncalled and uncharged', async (param, model, extra) => {
    const before = await mark();
    const calls = bedrock.received.length;
    const response = await chat({ model, ...extra });
    expect(response.status).toBe(400);
    const { error } = (await response.json()) as { error: { message: string; code: string; param: string } };
    expect(error).toMatchObject({ code: 'unsupported_parameter', param });
    expect(error.message).toMatch(new RegExp(`^${param}( json_object)? is not supported by channel #\\d+ \\(AWS\\)`));
    expect(bedrock.received.length).toBe(calls);
    await f.flush();
    expect(await usedQuota()).toBe(before.used);
  });

  it('sends Llama 3 what its prompt can carry, and Converse models the parameters Llama 3 cannot take', async () => {
    expect((await chat({ model: LLAMA, tools: [], stop: [] })).status).toBe(200);
    expect(bedrock.received.at(-1)?.path).toBe('/model/meta.llama3-8b-instruct-v1%3A0/invoke');
    expect((await chat({ model: NOVA, stop: ['\n'], response_format: { type: 'json_object' } })).status).toBe(200);
  });

  it('sends such a request to another channel that serves the model, and plain ones to Bedrock', async () => {
    expect((await chat({ model: SHARED, n: 2 })).status).toBe(200);
    expect(openai.received.at(-1)?.json).toMatchObject({ n: 2 });
    const calls = bedrock.received.length;
    expect((await chat({ model: SHARED })).status).toBe(200);
    expect(bedrock.received.length).toBe(calls + 1);
  });

  it('emulates a json_schema response format on Claude with a forced tool whose input is the answer', async () => {
    const response = await chat({ model: CLAUDE, response_format: CITY_FORMAT });
    await expectEmulatedAnswer(bedrock.received.at(-1)?.json, response);
  });

  it('streams the emulated object as content', async () => {
    await expectEmulatedStream(await chat({ model: CLAUDE, stream: true, response_format: CITY_FORMAT }));
  });

  it('ends a Claude stream that broke off with an error event and no [DONE], logs it interrupted and bills it', async () => {
    // message_start (input 14, output 1 so far), the text block's start and its first half.
    bedrock.behaviour = { breakOffAfter: 3 };
    const before = await mark();
    const body = await (await chat({ model: CLAUDE, stream: true })).text();
    const events = body.trim().split('\n\n');
    const content = events.flatMap((event) => {
      const chunk = JSON.parse(event.replace(/^data: /, '')) as { choices?: { delta: { content?: string } }[] };
      return chunk.choices?.[0]?.delta.content ?? [];
    });
    expect(content.join('')).toBe('Hello fro');
    expect(JSON.parse(events.at(-1)?.replace(/^data: /, '') ?? '')).toMatchObject({ error: { code: 'stream_interrupted' } });
    expect(body).not.toContain('[DONE]');
    await f.flush();
    const log = await lastConsumeLog(f);
    expect(log.id).toBeGreaterThan(before.logId);
    expect(await usedQuota()).toBe(before.used + log.quota);
    expect(log.prompt_tokens).toBe(14);
    expect(log.completion_tokens).toBeGreaterThan(1);
    expect(parseLogOther(log.other).interrupted).toBe('upstream');
  });
});
