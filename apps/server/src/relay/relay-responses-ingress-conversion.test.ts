import type OpenAI from 'openai';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { lastConsumeLog } from '../../test/consume-log.js';
import { FakeOpenAIResponses } from '../../test/fake-openai-responses.js';
import { FakeOpenAITools } from '../../test/fake-openai-tools.js';
import { relayFixture, type RelayFixture } from '../../test/relay-fixture.js';

const GPT = 'gpt-5';
const AZURE = 'gpt-4.1';
const CHAT = 'deepseek-chat';

const weatherTool = { type: 'function' as const, name: 'get_weather', parameters: { type: 'object', properties: { city: { type: 'string' } } }, strict: false };

/** What Codex CLI sends: stream, store:false, encrypted reasoning asked back and replayed, a function tool and a custom one. */
const codexRequest = (model: string) => ({
  model,
  instructions: 'You are Codex.',
  input: [
    { type: 'message', role: 'developer', content: [{ type: 'input_text', text: '<permissions>workspace-write</permissions>' }] },
    { type: 'message', role: 'user', content: [{ type: 'input_text', text: 'List the files.' }] },
    { type: 'reasoning', id: 'rs_1', summary: [{ type: 'summary_text', text: 'I should run ls.' }], encrypted_content: 'gAAAAopaque' },
    { type: 'function_call', id: 'fc_1', call_id: 'call_ls', name: 'shell', arguments: '{"command":["ls"]}' },
    { type: 'function_call_output', call_id: 'call_ls', output: 'README.md' },
  ],
  tools: [
    { type: 'function', name: 'shell', description: 'Runs a command', strict: false, parameters: { type: 'object', properties: { command: { type: 'array', items: { type: 'string' } } }, required: ['command'] } },
    { type: 'custom', name: 'apply_patch', description: 'Applies a patch', format: { type: 'grammar', syntax: 'lark', definition: 'start: /.+/' } },
  ],
  tool_choice: 'auto',
  parallel_tool_calls: false,
  reasoning: { effort: 'medium', summary: 'auto' },
  store: false,
  stream: true,
  include: ['reasoning.encrypted_content'],
  prompt_cache_key: 'session-1',
});

describe('Responses API conversion and refusals', () => {
  let f: RelayFixture;
  let openai: FakeOpenAIResponses;
  let azure: FakeOpenAIResponses;
  let chat: FakeOpenAITools;
  let userId: number;
  let key: string;
  let client: OpenAI;

  beforeAll(async () => {
    openai = await new FakeOpenAIResponses('openai').start();
    azure = await new FakeOpenAIResponses('azure').start();
    chat = await new FakeOpenAITools('chat').start();
    f = await relayFixture('sqlite');
    await f.ctx.options.set('ModelRatio', JSON.stringify({ [GPT]: 1, [AZURE]: 1, [CHAT]: 1 }));
    await f.addChannel({ type: 1, name: 'openai', key: 'sk-upstream', base_url: openai.baseUrl, models: GPT });
    await f.addChannel({ type: 3, name: 'azure', key: 'azure-key', base_url: azure.baseUrl, models: AZURE, other: '2024-10-21' });
    await f.addChannel({ type: 36, name: 'deepseek', base_url: chat.baseUrl, models: CHAT });
    userId = await f.addUser('converter', 10_000_000);
    key = await f.addKey(userId);
    client = f.client(key);
  });
  afterAll(async () => {
    await f.close();
    for (const upstream of [openai, azure, chat]) await upstream.stop();
  });
  afterEach(() => {
    chat.reasoning = false;
  });

  const usedQuota = async () => {
    await f.flush();
    return (await f.ctx.db.selectFrom('users').select('used_quota').where('id', '=', userId).executeTakeFirstOrThrow()).used_quota;
  };
  const post = (body: unknown, raw?: string) =>
    fetch(`${f.url}/v1/responses`, { method: 'POST', headers: { authorization: `Bearer sk-${key}`, 'content-type': 'application/json' }, body: raw ?? JSON.stringify(body) });

  it("converts the request's fields into the chat request the upstream gets", async () => {
    await client.responses.create({
      model: CHAT,
      instructions: 'Be brief.',
      input: [
        { role: 'developer', content: 'Answer in French.' },
        { role: 'user', content: [{ type: 'input_text', text: 'Describe' }, { type: 'input_image', image_url: 'data:image/png;base64,iVBORw0KGgo=', detail: 'low' }] },
      ],
      max_output_tokens: 300,
      temperature: 0.3,
      top_p: 0.9,
      user: 'end-user-1',
      reasoning: { effort: 'low' },
      text: { format: { type: 'json_schema', name: 'answer', schema: { type: 'object', properties: { text: { type: 'string' } } }, strict: true } },
    });
    expect(chat.received.at(-1)?.path).toBe('/v1/chat/completions');
    expect(chat.received.at(-1)?.json).toEqual({
      model: CHAT,
      messages: [
        { role: 'system', content: 'Be brief.' },
        { role: 'system', content: 'Answer in French.' },
        { role: 'user', content: [{ type: 'text', text: 'Describe' }, { type: 'image_url', image_url: { url: 'data:image/png;base64,iVBORw0KGgo=', detail: 'low' } }] },
      ],
      max_tokens: 300,
      temperature: 0.3,
      top_p: 0.9,
      user: 'end-user-1',
      reasoning_effort: 'low',
      response_format: { type: 'json_schema', json_schema: { name: 'answer', schema: { type: 'object', properties: { text: { type: 'string' } } }, strict: true } },
    });
  });

  it('answers a converted response in the Responses shape, reasoning as a summary, usage as billed', async () => {
    chat.reasoning = true;
    const answer = await client.responses.create({ model: CHAT, input: [{ type: 'function_call_output', call_id: 'call_1', output: '{"temp_c":18}' }, { role: 'user', content: 'so?' }], tools: [weatherTool] });
    expect(answer).toMatchObject({ object: 'response', status: 'completed', model: CHAT, store: false, error: null, incomplete_details: null });
    expect(answer.id).toMatch(/^resp_/);
    expect(answer.output).toEqual([
      { id: expect.stringMatching(/^rs_/) as unknown, type: 'reasoning', summary: [{ type: 'summary_text', text: 'Paris is in France.' }] },
      { id: expect.stringMatching(/^msg_/) as unknown, type: 'message', status: 'completed', role: 'assistant', content: [{ type: 'output_text', text: 'Paris: {"temp_c":18}', annotations: [], logprobs: [] }] },
    ]);
    expect(answer.usage).toEqual({ input_tokens: 10, input_tokens_details: { cached_tokens: 0 }, output_tokens: 5, output_tokens_details: { reasoning_tokens: 0 }, total_tokens: 15 });
  });

  it('passes a Codex-shaped request through to OpenAI byte for byte, and does not remember a response made with store:false', async () => {
    const body = codexRequest(GPT);
    const response = await post(body);
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text).toContain('event: response.completed');
    expect(openai.received.at(-1)?.body).toBe(JSON.stringify(body));
    const id = /"id":"(resp_openai\d+)"/.exec(text)?.[1] ?? '';
    expect(id).not.toBe('');
    await expect(client.responses.retrieve(id)).rejects.toMatchObject({ status: 404 });
  });

  it('converts a Codex-shaped request, dropping the encrypted reasoning and declaring the custom tool as a function', async () => {
    const response = await post(codexRequest(CHAT));
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('event: response.completed');
    const sent = chat.received.at(-1)?.json as { messages: Record<string, unknown>[]; tools: { function: { name: string; parameters: unknown } }[] };
    expect(sent.messages).toEqual([
      { role: 'system', content: 'You are Codex.' },
      { role: 'system', content: '<permissions>workspace-write</permissions>' },
      { role: 'user', content: [{ type: 'text', text: 'List the files.' }] },
      { role: 'assistant', content: null, tool_calls: [{ id: 'call_ls', type: 'function', function: { name: 'shell', arguments: '{"command":["ls"]}' } }] },
      { role: 'tool', tool_call_id: 'call_ls', content: 'README.md' },
    ]);
    expect(JSON.stringify(sent)).not.toContain('gAAAAopaque');
    expect(sent.tools.map((tool) => tool.function.name)).toEqual(['shell', 'apply_patch']);
    expect(sent.tools[1]?.function.parameters).toMatchObject({ properties: { input: { type: 'string' } } });
    expect(sent).toMatchObject({ reasoning_effort: 'medium', parallel_tool_calls: false, stream: true });
  });

  it("gives back a call of a custom tool as a custom_tool_call with the tool's raw input", async () => {
    const answer = await client.responses.create({ model: CHAT, input: 'patch it', tools: [{ type: 'custom', name: 'apply_patch' }] });
    // The fake calls the first tool with {"city":"Paris"}: not an `input`, so the arguments come back whole.
    expect(answer.output[0]).toMatchObject({ type: 'custom_tool_call', name: 'apply_patch', input: '{"city":"Paris"}' });
  });

  it('passes through to Azure at its v1 Responses path with its api-key', async () => {
    const answer = await client.responses.create({ model: AZURE, input: 'hi' });
    expect(answer.output_text).toBe('Hello from azure');
    expect(azure.received.at(-1)?.path).toBe('/openai/v1/responses?api-version=preview');
    expect(azure.received.at(-1)?.headers['api-key']).toBe('azure-key');
    expect(await client.responses.retrieve(answer.id)).toMatchObject({ id: answer.id });
    expect(azure.received.at(-1)?.path).toBe(`/openai/v1/responses/${answer.id}?api-version=preview`);
  });

  it('passes a built-in tool through to OpenAI; on a converted path leaves an offered one out, naming it, and refuses a forced one', async () => {
    const answer = await client.responses.create({ model: GPT, input: 'weather news?', tools: [{ type: 'web_search' }] });
    expect(answer.output[0]).toMatchObject({ type: 'web_search_call' });

    const offered = await post({ model: CHAT, input: 'weather news?', tools: [{ type: 'web_search', external_web_access: true }, weatherTool] });
    expect(offered.status).toBe(200);
    expect(offered.headers.get('x-tollgate-dropped')).toBe('tool:web_search');
    expect((chat.received.at(-1)?.json?.tools as { function: { name: string } }[]).map((tool) => tool.function.name)).toEqual(['get_weather']);

    const before = await usedQuota();
    const calls = chat.received.length;
    const refused = await client.responses.create({ model: CHAT, input: 'weather news?', tools: [{ type: 'web_search_preview' }], tool_choice: { type: 'web_search_preview' } }).catch((error: unknown) => error as { status: number; error: { message: string; code: string } });
    expect(refused).toMatchObject({ status: 400, error: { code: 'native_protocol_required', message: expect.stringContaining('web_search') as unknown } });
    expect(await usedQuota()).toBe(before);
    expect(chat.received.length).toBe(calls);
  });

  it('refuses previous_response_id on a converted path with a clear 400', async () => {
    const refused = await client.responses.create({ model: CHAT, input: 'more', previous_response_id: 'resp_elsewhere' }).catch((error: unknown) => error as { status: number; message: string });
    expect(refused).toMatchObject({ status: 400, message: expect.stringContaining('previous_response_id resp_elsewhere') as unknown });
  });

  it.each([
    ['no model', { input: 'hi' }, 'model'],
    ['input of the wrong type', { model: CHAT, input: 5 }, 'input'],
    ['an unknown role', { model: CHAT, input: [{ role: 'robot', content: 'hi' }] }, 'input[0].role'],
    ['a call without call_id', { model: CHAT, input: [{ type: 'function_call', name: 'f', arguments: '{}' }] }, 'input[0].call_id'],
    ['a temperature out of range', { model: CHAT, input: 'hi', temperature: 3 }, 'temperature'],
    ['a function tool without name', { model: CHAT, input: 'hi', tools: [{ type: 'function' }] }, 'tools[0].name'],
    ['an unknown text format', { model: CHAT, input: 'hi', text: { format: { type: 'yaml' } } }, 'text.format.type'],
  ])('refuses a body with %s with a 400 naming the field, charging nothing', async (_case, body, param) => {
    const before = await usedQuota();
    const response = await post(body);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: { type: 'invalid_request_error', param } });
    expect(await usedQuota()).toBe(before);
  });

  it('refuses a body that is not JSON with a 400', async () => {
    const response = await post(undefined, '{"model":');
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: { type: 'invalid_request_error', code: 'invalid_json' } });
    await f.flush();
    expect((await lastConsumeLog(f).catch(() => undefined))?.model_name).not.toBe('broken');
  });
});
