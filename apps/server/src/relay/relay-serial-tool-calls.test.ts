import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { readChatStream } from '../../test/chat-stream.js';
import { FakeGemini } from '../../test/fake-gemini.js';
import { relayFixture, type RelayFixture } from '../../test/relay-fixture.js';
import { askWeather, weatherTool } from '../../test/weather-tool.js';

const GEMINI = 'gemini-2.5-flash';

/**
 * `parallel_tool_calls: false` on a protocol that cannot ask it of the model (issue 17): emulated, the answer
 * and the stream carry the turn's first call only; without it, every call the model made comes back.
 */
describe('one tool call per turn, emulated', () => {
  let f: RelayFixture;
  let gemini: FakeGemini;
  let key: string;

  beforeAll(async () => {
    gemini = await new FakeGemini('gemini').start();
    f = await relayFixture('sqlite');
    await f.ctx.options.set('ModelRatio', JSON.stringify({ [GEMINI]: 1 }));
    await f.addChannel({ type: 24, name: 'gemini', key: 'AIza-upstream', base_url: gemini.baseUrl, models: GEMINI });
    key = await f.addKey(await f.addUser('serial', 10_000_000));
  });
  afterAll(async () => {
    await f.close();
    await gemini.stop();
  });
  afterEach(() => {
    gemini.behaviour = {};
  });

  const ask = (parallel?: boolean) => ({ model: GEMINI, messages: [askWeather], tools: [weatherTool], ...(parallel === undefined ? {} : { parallel_tool_calls: parallel }) });

  it('answers the first of the calls the model made in one turn', async () => {
    gemini.behaviour = { parallelCalls: 3 };
    const client = f.client(key);
    const all = await client.chat.completions.create(ask());
    expect(all.choices[0]?.message.tool_calls).toHaveLength(3);
    const one = await client.chat.completions.create(ask(false));
    expect(one.choices[0]?.finish_reason).toBe('tool_calls');
    expect(one.choices[0]?.message.tool_calls).toEqual([expect.objectContaining({ function: expect.objectContaining({ arguments: '{"city":"Paris"}' }) as unknown })]);
  });

  it('streams the first call only', async () => {
    gemini.behaviour = { parallelCalls: 3 };
    const client = f.client(key);
    const calls = async (parallel?: boolean) => {
      const read = await readChatStream(await client.chat.completions.create({ ...ask(parallel), stream: true }));
      expect(read.finishReasons).toEqual(['tool_calls']);
      return read.chunks.flatMap((chunk) => chunk.choices[0]?.delta.tool_calls ?? []);
    };
    expect((await calls(true)).map((call) => call.index)).toEqual([0, 1, 2]);
    const first = await calls(false);
    expect(first.map((call) => call.index)).toEqual([0]);
    expect(first[0]?.function?.arguments).toBe('{"city":"Paris"}');
  });
});
