import { describe, expect, it } from 'vitest';
import { readChatStream } from '../../test/chat-stream.js';
import { lastConsumeLog } from '../../test/consume-log.js';
import { databaseKinds } from '../../test/databases.js';
import { FakeOpenAI } from '../../test/fake-openai.js';
import { providerSuite } from '../../test/provider-suite.js';

describe.each(databaseKinds)('OpenAI relay through the official SDK on %s', (kind) => {
  const suite = providerSuite(kind, {
    upstream: () => new FakeOpenAI('alpha'),
    channel: (upstream) => ({ name: 'alpha', base_url: upstream.baseUrl, models: 'gpt-4o-mini,text-embedding-3-small,text-moderation-stable,gpt-3.5-turbo-instruct' }),
    username: 'sdkuser',
  });
  const user = () => suite.f.ctx.db.selectFrom('users').select(['quota', 'used_quota', 'request_count']).where('id', '=', suite.userId).executeTakeFirstOrThrow();
  const channelUsed = async () => Number((await suite.f.ctx.db.selectFrom('channels').select('used_quota').where('id', '=', suite.channelId).executeTakeFirstOrThrow()).used_quota);
  /** Posts a body exactly as given: no SDK or JSON.stringify between the test and the relay. */
  const postRaw = (body: string) =>
    fetch(`${suite.f.url}/v1/chat/completions`, { method: 'POST', headers: { authorization: `Bearer sk-${suite.key}`, 'content-type': 'application/json' }, body });

  it('answers a chat completion, bills it exactly and logs every field', async () => {
    const before = await user();
    const channelBefore = await channelUsed();
    const answer = await suite.client().chat.completions.create({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }] });
    expect(answer.choices[0]?.message.content).toBe('Hello from alpha');
    expect(answer.usage).toMatchObject({ prompt_tokens: 10, completion_tokens: 5 });
    // The body went upstream with the channel's key (byte for byte: see the raw-body test below).
    const sent = suite.upstream.received.at(-1);
    expect(sent?.path).toBe('/v1/chat/completions');
    expect(sent?.headers.authorization).toBe('Bearer upstream-key');
    expect(sent?.json).toEqual({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }] });

    await suite.f.flush();
    // gpt-4o-mini: ratio 0.075, completion ratio 4: ceil((10 + 5 x 4) x 0.075) = 3.
    const after = await user();
    expect(before.quota - after.quota).toBe(3);
    expect(after.used_quota - before.used_quota).toBe(3);
    expect(after.request_count - before.request_count).toBe(1);
    expect((await channelUsed()) - channelBefore).toBe(3);
    const log = await lastConsumeLog(suite.f);
    expect(log).toMatchObject({ user_id: suite.userId, username: 'sdkuser', token_name: 'key1', model_name: 'gpt-4o-mini', quota: 3, prompt_tokens: 10, completion_tokens: 5 });
    expect(log.content).toBe('model ratio 0.075, group ratio 1.00, completion ratio 4.00');
    expect(log.request_id).toMatch(/^\d{20,}$/);
    expect(Number(log.elapsed_time)).toBeGreaterThanOrEqual(0);
    expect(Boolean(log.is_stream)).toBe(false);
    expect(log.channel_id).toBeGreaterThan(0);
  });

  it('passes an untouched body upstream byte for byte: whitespace, key order, number spelling, escapes, unknown fields', async () => {
    const raw = '{\n  "messages" : [ {"content":"hi",   "role":"user"} ],\n\t"x_vendor": {"z":1,"a":[true,null,1.50e1],"s":"caf\\u00e9"},  "model":"gpt-4o-mini" , "temperature": 0.50 }\n';
    const response = await postRaw(raw);
    expect(response.status).toBe(200);
    expect(suite.upstream.received.at(-1)?.body).toBe(raw);
  });

  it('sends a path written with a trailing slash upstream without it, query kept', async () => {
    const response = await fetch(`${suite.f.url}/v1/chat/completions/?trace=1`, {
      method: 'POST',
      headers: { authorization: `Bearer sk-${suite.key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }] }),
    });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { choices: { message: { content: string } }[] }).choices[0]?.message.content).toBe('Hello from alpha');
    expect(suite.upstream.received.at(-1)?.path).toBe('/v1/chat/completions?trace=1');
  });

  it('keeps every field, known or not, in their order, when the channel has to change the body', async () => {
    const id = await suite.f.addChannel({ name: 'rewriting', base_url: suite.upstream.baseUrl, models: 'gpt-4o', model_mapping: '{"gpt-4o":"gpt-4o-mini"}', system_prompt: 'Be brief.' });
    try {
      const sent = { x_first: [1, { deep: 'yes' }], model: 'gpt-4o', messages: [{ role: 'user', content: 'hi', x_part: true }], temperature: 0.5, x_last: null };
      expect((await postRaw(JSON.stringify(sent))).status).toBe(200);
      const received = suite.upstream.received.at(-1)?.json;
      expect(received).toEqual({ ...sent, model: 'gpt-4o-mini', messages: [{ role: 'system', content: 'Be brief.' }, ...sent.messages] });
      expect(Object.keys(received ?? {})).toEqual(Object.keys(sent));
    } finally {
      await suite.f.removeChannel(id);
    }
  });

  it('streams a chat completion chunk by chunk and bills the reported usage', async () => {
    suite.upstream.behaviour = { azureFilterChunk: true, omitDone: true };
    const stream = await suite.client().chat.completions.create({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }], stream: true, stream_options: { include_usage: true } });
    const read = await readChatStream(stream);
    expect(read.text).toBe('part0 part1 part2 ');
    expect(read.usage).toMatchObject({ prompt_tokens: 10, completion_tokens: 5 });
    expect(read.chunks).toHaveLength(6); // role, 3 parts, finish, usage: the filter chunk was dropped
    await suite.f.flush();
    const log = await lastConsumeLog(suite.f);
    expect(Boolean(log.is_stream)).toBe(true);
    expect(log.quota).toBe(3);
  });

  it('appends [DONE] when the upstream left it out', async () => {
    suite.upstream.behaviour = { omitDone: true };
    const response = await fetch(`${suite.f.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer sk-${suite.key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }], stream: true }),
    });
    expect(response.headers.get('content-type')).toBe('text/event-stream');
    const text = await response.text();
    expect(text.trimEnd().endsWith('data: [DONE]')).toBe(true);
  });

  it('counts tokens locally when the upstream reports no usage, and tells the client what it billed', async () => {
    suite.upstream.behaviour = { omitUsage: true };
    const answer = await suite.client().chat.completions.create({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hello there' }] });
    // "Hello from alpha" is 3 tokens in o200k; the prompt is 3 + 1 (role) + 2 (content) + 3 = 9.
    expect(answer.usage).toEqual({ prompt_tokens: 9, completion_tokens: 3, total_tokens: 12 });
    await suite.f.flush();
    const log = await lastConsumeLog(suite.f);
    expect(log.completion_tokens).toBe(3);
    expect(log.prompt_tokens).toBe(9);
  });

  it('ends a stream with the billed usage when the client asked for it and the upstream sent none', async () => {
    suite.upstream.behaviour = { omitUsage: true };
    const stream = await suite.client().chat.completions.create({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hello there' }], stream: true, stream_options: { include_usage: true } });
    const { chunks } = await readChatStream(stream);
    const usageChunks = chunks.filter((chunk) => chunk.usage);
    expect(usageChunks).toHaveLength(1);
    await suite.f.flush();
    const log = await lastConsumeLog(suite.f);
    expect(log.completion_tokens).toBeGreaterThan(0);
    const billed = { prompt_tokens: log.prompt_tokens, completion_tokens: log.completion_tokens, total_tokens: log.prompt_tokens + log.completion_tokens };
    expect(chunks.at(-1)).toMatchObject({ object: 'chat.completion.chunk', choices: [], usage: billed });
  });

  it('adds no usage chunk of its own when the upstream reported usage or the client did not ask', async () => {
    const withUsage = await suite.client().chat.completions.create({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }], stream: true, stream_options: { include_usage: true } });
    expect((await readChatStream(withUsage)).chunks.filter((chunk) => chunk.usage)).toHaveLength(1);
    suite.upstream.behaviour = { omitUsage: true };
    const without = await suite.client().chat.completions.create({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }], stream: true });
    const { chunks } = await readChatStream(without);
    expect(chunks.some((chunk) => chunk.usage)).toBe(false);
  });

  it('relays completions, embeddings and moderations', async () => {
    const client = suite.client();
    const completion = await client.completions.create({ model: 'gpt-3.5-turbo-instruct', prompt: 'Say hi' });
    expect(completion.choices[0]?.text).toBe('Completion from alpha');
    const embedding = await client.embeddings.create({ model: 'text-embedding-3-small', input: 'hello' });
    expect(embedding.data[0]?.embedding).toHaveLength(3);
    const moderation = await client.moderations.create({ input: 'hello' });
    expect(moderation.results[0]?.flagged).toBe(false);
    expect(suite.upstream.received.at(-1)?.json).toMatchObject({ input: 'hello' });
  });

  it('lists the models this key may use', async () => {
    const models = [];
    for await (const model of suite.client().models.list()) models.push(model.id);
    expect(models).toEqual(['gpt-3.5-turbo-instruct', 'gpt-4o-mini', 'text-embedding-3-small', 'text-moderation-stable']);
    const one = await suite.client().models.retrieve('gpt-4o-mini');
    expect(one).toMatchObject({ id: 'gpt-4o-mini', object: 'model', owned_by: 'OpenAI' });
    await expect(suite.client().models.retrieve('nope')).rejects.toMatchObject({ status: 404 });
    const limited = await suite.f.addKey(suite.userId, { models: 'gpt-4o-mini' });
    const listed = [];
    for await (const model of suite.f.client(limited).models.list()) listed.push(model.id);
    expect(listed).toEqual(['gpt-4o-mini']);
  });

  it('answers 501 for unimplemented endpoints and 404 for unknown paths, in OpenAI shape', async () => {
    const files = await fetch(`${suite.f.url}/v1/files`, { headers: { authorization: `Bearer sk-${suite.key}` } });
    expect(files.status).toBe(501);
    expect(await files.json()).toMatchObject({ error: { code: 'api_not_implemented', type: 'one_api_error' } });
    const unknown = await fetch(`${suite.f.url}/v1/nothing-here`, { method: 'POST' });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ error: { message: 'Invalid URL (POST /v1/nothing-here)', type: 'invalid_request_error' } });
  });

  it('answers CORS preflights', async () => {
    const response = await fetch(`${suite.f.url}/v1/chat/completions`, { method: 'OPTIONS', headers: { origin: 'https://app.example.com', 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization,content-type' } });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('https://app.example.com');
    expect(response.headers.get('access-control-allow-headers')).toBe('authorization,content-type');
  });

  it('gives answers to a browser page CORS headers, streamed or not, and sends none to other clients', async () => {
    const chat = (stream: boolean, origin?: string) =>
      fetch(`${suite.f.url}/v1/chat/completions`, {
        method: 'POST',
        headers: { authorization: `Bearer sk-${suite.key}`, 'content-type': 'application/json', ...(origin ? { origin } : {}) },
        body: JSON.stringify({ model: 'gpt-4o-mini', stream, messages: [{ role: 'user', content: 'hi' }] }),
      });
    for (const stream of [false, true]) {
      const fromPage = await chat(stream, 'https://app.example.com');
      expect(fromPage.status).toBe(200);
      expect(fromPage.headers.get('access-control-allow-origin')).toBe('https://app.example.com');
      expect(fromPage.headers.get('access-control-allow-credentials')).toBe('true');
      expect(fromPage.headers.get('vary')).toContain('Origin');
      await fromPage.text();
      const fromServer = await chat(stream);
      expect(fromServer.status).toBe(200);
      expect(fromServer.headers.get('access-control-allow-origin')).toBeNull();
      await fromServer.text();
    }
  });
});
