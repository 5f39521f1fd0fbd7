import http from 'node:http';
import { LogType } from '@tollgate/contract';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from '../../../test/databases.js';
import { eventually } from '../../../test/eventually.js';
import { FakeRealtime, type RealtimeUsageObject } from '../../../test/fake-realtime.js';
import { relayFixture, type RelayFixture } from '../../../test/relay-fixture.js';

/** Usage as OpenAI's response.done reports it. */
const usage = (input: [text: number, audio: number], cached: [text: number, audio: number], output: [text: number, audio: number]): RealtimeUsageObject => ({
  total_tokens: input[0] + input[1] + output[0] + output[1],
  input_tokens: input[0] + input[1],
  output_tokens: output[0] + output[1],
  input_token_details: { text_tokens: input[0], audio_tokens: input[1], cached_tokens: cached[0] + cached[1], cached_tokens_details: { text_tokens: cached[0], audio_tokens: cached[1] } },
  output_token_details: { text_tokens: output[0], audio_tokens: output[1] },
});

/** Prices set for the test (model ratio 2; per input token: cached 0.1, audio 8; output 4, audio output 16). */
const RATIOS = { ModelRatio: 2, CompletionRatio: 4, CacheReadRatio: 0.1, AudioInputRatio: 8, AudioOutputRatio: 16 };
const MODELS = ['gpt-realtime', 'rt-retry', 'rt-down', 'rt.azure'];
/** PreConsumedQuota 500 x model ratio 2: what a session holds for its next response. */
const HOLD = 1000;

const FIRST = usage([40, 60], [20, 0], [10, 40]);
const SECOND = usage([100, 200], [50, 100], [20, 60]);
// (20 plain + 20 cached x 0.1 + 60 audio x 8 + 10 output x 4 + 40 audio output x 16) x 2
const FIRST_QUOTA = (20 + 2 + 480 + 40 + 640) * 2;
// (50 plain + 150 cached x 0.1 + (200 - 100 cached) audio x 8 + 20 output x 4 + 60 audio output x 16) x 2
const SECOND_QUOTA = (50 + 15 + 800 + 80 + 960) * 2;

interface Client {
  socket: WebSocket;
  events: { type: string; [field: string]: unknown }[];
  binary: Buffer[];
  closed: Promise<{ code: number; reason: string }>;
}

interface Refusal {
  status: number;
  body: { error: { message: string; type: string; param: string; code: string } };
  headers: http.IncomingHttpHeaders;
}

describe.each(databaseKinds)('GET /v1/realtime (WebSocket) on %s', (kind) => {
  let f: RelayFixture;
  let userId: number;
  let key: string;
  const main = new FakeRealtime();
  const failing = new FakeRealtime();
  const azure = new FakeRealtime();
  let mainChannel: number;
  let retryChannel: number;

  const wsUrl = (query: string) => `${f.url.replace('http', 'ws')}/v1/realtime${query}`;

  /** Opens a session; rejects with the handshake's refusal (status and OpenAI error body). */
  const connect = (query: string, options: { key?: string; protocols?: string[]; headers?: Record<string, string> } = {}) =>
    new Promise<Client>((resolve, reject) => {
      const headers = options.key === undefined ? { ...options.headers } : { authorization: `Bearer sk-${options.key}`, ...options.headers };
      const socket = new WebSocket(wsUrl(query), options.protocols ?? [], { headers });
      const client: Client = {
        socket,
        events: [],
        binary: [],
        closed: new Promise((closed) => socket.once('close', (code, reason) => closed({ code, reason: reason.toString() }))),
      };
      socket.on('message', (data: Buffer, isBinary) => {
        if (isBinary) client.binary.push(data);
        else client.events.push(JSON.parse(data.toString()) as Client['events'][number]);
      });
      socket.once('open', () => resolve(client));
      socket.once('unexpected-response', (_request, response) => {
        let body = '';
        response.on('data', (chunk: Buffer) => (body += chunk.toString()));
        response.on('end', () => reject({ status: response.statusCode ?? 0, body: JSON.parse(body) as Refusal['body'], headers: response.headers } satisfies Refusal));
      });
      socket.once('error', (error) => reject(error));
    });
  const refused = (query: string, options: Parameters<typeof connect>[1] = {}) =>
    connect(query, options).then(
      async (client) => {
        client.socket.close();
        throw new Error('the session was opened');
      },
      (refusal: Refusal) => refusal,
    );
  const eventsOf = (client: Client, type: string) => client.events.filter((event) => event.type === type);
  const respond = async (client: Client, count: number) => {
    client.socket.send(JSON.stringify({ type: 'response.create', response: { modalities: ['audio', 'text'] } }));
    await eventually(() => eventsOf(client, 'response.done').length === count);
  };
  const close = async (client: Client) => {
    client.socket.close(1000);
    return client.closed;
  };
  const consumeRows = async (user: number) => {
    await f.flush();
    return f.ctx.db.selectFrom('logs').selectAll().where('type', '=', LogType.Consume).where('user_id', '=', user).orderBy('id', 'asc').execute();
  };
  const quotaOf = async (user: number) => {
    await f.flush();
    const row = await f.ctx.db.selectFrom('users').select('quota').where('id', '=', user).executeTakeFirstOrThrow();
    return Number(row.quota);
  };

  beforeAll(async () => {
    for (const fake of [main, failing, azure]) await fake.start();
    main.behaviour = { usages: [FIRST, SECOND] };
    failing.behaviour = { refuse: 503 };
    f = await relayFixture(kind);
    for (const [option, ratio] of Object.entries(RATIOS)) await f.ctx.options.set(option, JSON.stringify(Object.fromEntries(MODELS.map((model) => [model, ratio]))));
    await f.ctx.options.set('PreConsumedQuota', '500');
    await f.ctx.options.set('RetryTimes', '1');
    mainChannel = await f.addChannel({ type: 1, name: 'openai', key: 'upstream-key', base_url: main.baseUrl, models: 'gpt-realtime,rt-retry' });
    // Tried first for rt-retry (higher priority), and refusing.
    await f.addChannel({ type: 1, name: 'refusing', key: 'other-key', base_url: failing.baseUrl, models: 'rt-retry,rt-down', priority: 10 });
    retryChannel = mainChannel;
    await f.addChannel({ type: 3, name: 'azure', key: 'azure-key', base_url: azure.baseUrl, models: 'rt.azure', other: '2025-04-01-preview' });
    userId = await f.addUser('rtuser', 1_000_000);
    key = await f.addKey(userId);
  });

  afterAll(async () => {
    await f?.close();
    for (const fake of [main, failing, azure]) await fake.stop();
  });

  it('relays a session both ways and bills each response.done from its usage (text, audio, cached)', async () => {
    const before = await quotaOf(userId);
    const client = await connect('?model=gpt-realtime', { key });
    await eventually(() => eventsOf(client, 'session.created').length === 1);
    await respond(client, 1);
    await respond(client, 2);
    // A text delta quoting "response.done" is relayed as it came, and bills nothing.
    expect(eventsOf(client, 'response.text.delta')[0]?.delta).toBe('the "response.done" event ends it');
    // Binary frames pass untouched both ways.
    const bytes = Buffer.from([0, 1, 2, 250, 255]);
    client.socket.send(bytes, { binary: true });
    await eventually(() => client.binary.length === 1);
    expect(client.binary[0]).toEqual(bytes);
    expect(main.frames).toContain(`binary:${bytes.toString('base64')}`);
    const handshake = main.handshakes.at(-1)!;
    expect(handshake.path).toBe('/v1/realtime');
    expect(handshake.query).toEqual({ model: 'gpt-realtime' });
    expect(handshake.headers.authorization).toBe('Bearer upstream-key');
    // A GA client sends no OpenAI-Beta, and none is added.
    expect(handshake.headers['openai-beta']).toBeUndefined();
    expect((await close(client)).code).toBe(1000);
    await eventually(() => main.openSockets === 0);

    const rows = await eventually(async () => {
      const found = await consumeRows(userId);
      return found.length === 2 && found;
    });
    expect(rows.map((row) => [row.quota, row.prompt_tokens, row.completion_tokens, row.model_name, row.channel_id, Boolean(row.is_stream)])).toEqual([
      [FIRST_QUOTA, 100, 50, 'gpt-realtime', mainChannel, true],
      [SECOND_QUOTA, 300, 80, 'gpt-realtime', mainChannel, true],
    ]);
    const costs = (JSON.parse(rows[1]!.other ?? '{}') as { costs: { kind: string; tokens: number }[] }).costs;
    expect(Object.fromEntries(costs.map((cost) => [cost.kind, cost.tokens]))).toMatchObject({ input: 50, cache_read: 150, audio_input: 100, output: 20, audio_output: 60 });
    // The hold taken for a third response is given back when the session ends: only the two responses are paid.
    await eventually(async () => expect(await quotaOf(userId)).toBe(before - FIRST_QUOTA - SECOND_QUOTA));
  });

  it('takes the key from the browser subprotocols and answers "realtime", passing OpenAI-Beta on', async () => {
    const client = await connect('?model=gpt-realtime', { protocols: ['realtime', `openai-insecure-api-key.sk-${key}`, 'openai-beta.realtime-v1'] });
    expect(client.socket.protocol).toBe('realtime');
    const handshake = main.handshakes.at(-1)!;
    expect(handshake.headers['openai-beta']).toBe('realtime=v1');
    // The client's key never goes upstream: the channel's does.
    expect(handshake.headers.authorization).toBe('Bearer upstream-key');
    expect(handshake.headers['sec-websocket-protocol']).toBeUndefined();
    await close(client);
  });

  it('refuses a bad key, a missing or malformed model and a model no channel serves before the upgrade, in OpenAI’s shape', async () => {
    const badKey = await refused('?model=gpt-realtime', { key: 'not-a-key' });
    expect(badKey.status).toBe(401);
    expect(badKey.body.error.code).toBe('invalid_api_key');
    expect((await refused('?model=gpt-realtime')).status).toBe(401);
    const noModel = await refused('', { key });
    expect([noModel.status, noModel.body.error.param, noModel.body.error.code]).toEqual([400, 'model', 'missing_model']);
    const longModel = await refused(`?model=${'m'.repeat(300)}`, { key });
    expect([longModel.status, longModel.body.error.param]).toEqual([400, 'model']);
    const controlModel = await refused('?model=gpt%0Arealtime', { key });
    expect([controlModel.status, controlModel.body.error.param]).toEqual([400, 'model']);
    const unknown = await refused('?model=no-such-realtime', { key });
    expect([unknown.status, unknown.body.error.code]).toEqual([404, 'model_not_found']);
    expect(unknown.headers['x-oneapi-request-id']).toBeTruthy();
  });

  it('retries a channel that refuses the session on another one before the upgrade completes', async () => {
    const refusedBefore = failing.handshakes.length;
    const client = await connect('?model=rt-retry', { key });
    expect(failing.handshakes.length).toBe(refusedBefore + 1);
    expect(main.handshakes.at(-1)!.query).toEqual({ model: 'rt-retry' });
    await respond(client, 1);
    await close(client);
    const rows = await eventually(async () => {
      const found = (await consumeRows(userId)).filter((row) => row.model_name === 'rt-retry');
      return found.length === 1 && found;
    });
    expect(rows[0]!.channel_id).toBe(retryChannel);
  });

  it('answers a 502 naming the upstream status when every channel refuses', async () => {
    const refusal = await refused('?model=rt-down', { key });
    expect(refusal.status).toBe(502);
    expect(refusal.body.error.message).toContain('HTTP 503');
  });

  it('opens Azure sessions at its URL form with api-key', async () => {
    const client = await connect('?model=rt.azure', { key });
    const handshake = azure.handshakes.at(-1)!;
    expect(handshake.path).toBe('/openai/realtime');
    expect(handshake.query).toEqual({ 'api-version': '2025-04-01-preview', deployment: 'rtazure' });
    expect(handshake.headers['api-key']).toBe('azure-key');
    expect(handshake.headers.authorization).toBeUndefined();
    await close(client);
  });

  it('passes the upstream’s close code on to the client', async () => {
    const client = await connect('?model=gpt-realtime', { key });
    client.socket.send(JSON.stringify({ type: 'test.close', code: 4001 }));
    expect((await client.closed).code).toBe(4001);
  });

  it('ends the session with an insufficient_quota error event and 1008 when the user cannot pay for the next response', async () => {
    // Enough for the first hold; after the first response (more than the hold) too little is left for the next.
    const poor = await f.addUser('rtpoor', FIRST_QUOTA + HOLD - 1);
    const poorKey = await f.addKey(poor);
    const client = await connect('?model=gpt-realtime', { key: poorKey });
    client.socket.send(JSON.stringify({ type: 'response.create' }));
    const closed = await client.closed;
    expect(closed.code).toBe(1008);
    const errors = eventsOf(client, 'error');
    expect(errors).toHaveLength(1);
    expect(errors[0]!.error).toMatchObject({ type: 'insufficient_quota', code: 'insufficient_quota' });
    // The response it had was delivered and billed.
    expect(eventsOf(client, 'response.done')).toHaveLength(1);
    await eventually(async () => expect(await quotaOf(poor)).toBe(HOLD - 1));
    expect((await consumeRows(poor)).map((row) => row.quota)).toEqual([FIRST_QUOTA]);
    // A user with nothing left is refused at the handshake.
    const broke = await f.addUser('rtbroke', 0);
    const refusal = await refused('?model=gpt-realtime', { key: await f.addKey(broke) });
    expect([refusal.status, refusal.body.error.code]).toEqual([403, 'insufficient_user_quota']);
  });

  it('holds each response against the key’s budget, and ends the session with budget_exceeded when the next would pass it', async () => {
    const budgetKey = await f.addKey(userId, { budget: { budget_amount: FIRST_QUOTA + HOLD - 1, budget_period: 'day' } });
    const client = await connect('?model=gpt-realtime', { key: budgetKey });
    client.socket.send(JSON.stringify({ type: 'response.create' }));
    expect((await client.closed).code).toBe(1008);
    expect(eventsOf(client, 'error')[0]?.error).toMatchObject({ code: 'budget_exceeded' });
    expect(eventsOf(client, 'response.done')).toHaveLength(1);
    // Spent this day: the first response; the next session's hold would pass the budget, refused at the handshake.
    const refusal = await eventually(() => refused('?model=gpt-realtime', { key: budgetKey }));
    expect([refusal.status, refusal.body.error.code]).toEqual([429, 'budget_exceeded']);
    expect(refusal.headers['retry-after']).toBeTruthy();
  });

  it('holds a concurrency slot for the whole session and counts it as one request', async () => {
    const limitedKey = await f.addKey(userId, { limits: { rpm_limit: 0, tpm_limit: 0, concurrency_limit: 1 } });
    const first = await connect('?model=gpt-realtime', { key: limitedKey });
    const second = await refused('?model=gpt-realtime', { key: limitedKey });
    expect([second.status, second.body.error.code, second.body.error.type]).toEqual([429, 'rate_limit_exceeded', 'concurrency']);
    expect(second.headers['retry-after']).toBeTruthy();
    await close(first);
    const third = await eventually(() => connect('?model=gpt-realtime', { key: limitedKey }));
    await close(third);
  });

  it('answers a plain GET /v1/realtime (no WebSocket upgrade) with a 426 in OpenAI’s shape', async () => {
    const response = await fetch(`${f.url}/v1/realtime?model=gpt-realtime`, { headers: { authorization: `Bearer sk-${key}` } });
    expect(response.status).toBe(426);
    expect(response.headers.get('upgrade')).toBe('websocket');
    expect(await response.json()).toMatchObject({ error: { code: 'websocket_required' } });
  });

  it('serves other upgrade requests as plain HTTP, as before (curl --http2 sends Upgrade: h2c)', async () => {
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const request = http.request(`${f.url}/v1/chat/completions`, { method: 'POST', headers: { connection: 'Upgrade, HTTP2-Settings', upgrade: 'h2c', 'http2-settings': 'AAMAAABkAAQCAAAAAAIAAAAA', 'content-type': 'application/json' } }, (response) => {
        let body = '';
        response.on('data', (chunk: Buffer) => (body += chunk.toString()));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      });
      request.on('error', reject);
      request.end(JSON.stringify({ model: 'gpt-realtime', messages: [{ role: 'user', content: 'hi' }] }));
    });
    expect(answer.status).toBe(401);
    expect(JSON.parse(answer.body)).toMatchObject({ error: { code: 'invalid_api_key' } });
  });
});
