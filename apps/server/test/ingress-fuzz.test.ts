import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AlwaysOkUpstream } from './always-ok-upstream.js';
import { anthropicRequest, chatRequest, geminiBatchEmbedRequest, geminiCountRequest, geminiEmbedRequest, geminiGenerateRequest, openAIOtherRequests, responsesRequest } from './ingress-requests.js';
import { mutated, mutation, type Mutation } from './ingress-mutations.js';
import { REGRESSIONS } from './ingress-regressions.js';
import { relayFixture, type RelayFixture } from './relay-fixture.js';

/**
 * No client input makes a server error (issue 34). Every ingress endpoint, in every protocol, gets valid
 * requests (ingress-requests.ts, written from each protocol's request types) with a few fields broken
 * (ingress-mutations.ts), through the real HTTP surface to channels of each protocol, so that passthrough
 * and every conversion path (Anthropic, Gemini and Responses clients on OpenAI, Anthropic and Gemini
 * channels; OpenAI Chat clients on Anthropic and Gemini channels) read them. Each answer must be below 500
 * (the fakes always answer 200, so a 5xx is Tollgate's), a refusal must be in the client's protocol and
 * charge nothing, every request must end within REQUEST_TIMEOUT_MS, and the server must serve normally after.
 *
 * Seeded: FUZZ_SEED=<n> replays a run (a failure prints its seed and the counterexample's path);
 * FUZZ_RUNS scales the number of requests per endpoint, FUZZ_ONLY=<text> fuzzes the endpoints whose name
 * has it, FUZZ_VERBOSE=1 prints every request and answer.
 */

const SEED = Number(process.env.FUZZ_SEED ?? 34_2200);
const RUNS = Number(process.env.FUZZ_RUNS ?? 1);
const REQUEST_TIMEOUT_MS = 5_000;
/** Each endpoint's property stops early, passing, past this time: the file stays bounded on a loaded machine. */
const PROPERTY_TIME_LIMIT_MS = 8_000;
/** The relay's one designed 5xx: a model a channel serves without a price (a 503 until an operator sets one). */
const NO_PRICE = /has no price: an administrator can set one/;

const GPT = 'gpt-4o-mini';
const CLAUDE = 'claude-3-5-sonnet-20241022';
const GEMINI = 'gemini-2.5-flash';
const CHAT_ONLY = 'deepseek-chat';
const EMBEDDING = 'text-embedding-3-small';
const GEMINI_EMBEDDING = 'text-embedding-004';
const RERANK = 'jina-reranker-v2-base-multilingual';

type Protocol = 'openai' | 'anthropic' | 'gemini';

interface Ingress {
  name: string;
  protocol: Protocol;
  runs: number;
  body: fc.Arbitrary<Record<string, unknown>>;
  /** A plain valid request, served before and after the broken ones. */
  plain: Record<string, unknown>;
  /** The URL for a body (Gemini names the model in the path). */
  url(model: string): string;
  models?: string[];
}

const geminiUrl = (method: string) => (model: string) => `/v1beta/models/${model}:${method}`;

const hi = [{ role: 'user', content: 'hi' }];
const contents = [{ role: 'user', parts: [{ text: 'hi' }] }];

const ALL_INGRESSES: Ingress[] = [
  { name: 'OpenAI chat', protocol: 'openai', runs: 300, body: chatRequest([GPT, CLAUDE, GEMINI]), plain: { model: CLAUDE, messages: hi }, url: () => '/v1/chat/completions' },
  { name: 'OpenAI completions', protocol: 'openai', runs: 40, body: openAIOtherRequests.completions, plain: { model: 'gpt-3.5-turbo-instruct', prompt: 'hi' }, url: () => '/v1/completions' },
  { name: 'OpenAI embeddings', protocol: 'openai', runs: 40, body: openAIOtherRequests.embeddings, plain: { model: EMBEDDING, input: 'hi' }, url: () => '/v1/embeddings' },
  { name: 'OpenAI moderations', protocol: 'openai', runs: 30, body: openAIOtherRequests.moderations, plain: { input: 'hi', model: 'omni-moderation-latest' }, url: () => '/v1/moderations' },
  { name: 'OpenAI images', protocol: 'openai', runs: 30, body: openAIOtherRequests.images, plain: { model: 'dall-e-3', prompt: 'a cat' }, url: () => '/v1/images/generations' },
  { name: 'OpenAI speech', protocol: 'openai', runs: 30, body: openAIOtherRequests.speech, plain: { model: 'tts-1', input: 'hi', voice: 'alloy' }, url: () => '/v1/audio/speech' },
  { name: 'OpenAI rerank', protocol: 'openai', runs: 40, body: openAIOtherRequests.rerank, plain: { model: RERANK, query: 'hi', documents: ['hi', 'there'] }, url: () => '/v1/rerank' },
  { name: 'Anthropic messages', protocol: 'anthropic', runs: 300, body: anthropicRequest([GPT, CLAUDE, GEMINI], false), plain: { model: GPT, max_tokens: 5, messages: hi }, url: () => '/v1/messages' },
  { name: 'Anthropic count_tokens', protocol: 'anthropic', runs: 100, body: anthropicRequest([GPT, CLAUDE, GEMINI], true), plain: { model: GEMINI, messages: hi }, url: () => '/v1/messages/count_tokens' },
  { name: 'OpenAI responses', protocol: 'openai', runs: 300, body: responsesRequest([CHAT_ONLY, CLAUDE, GEMINI]), plain: { model: CLAUDE, input: 'hi' }, url: () => '/v1/responses' },
  { name: 'Gemini generateContent', protocol: 'gemini', runs: 300, body: geminiGenerateRequest, plain: { contents }, url: geminiUrl('generateContent'), models: [GPT, CLAUDE, GEMINI] },
  { name: 'Gemini streamGenerateContent', protocol: 'gemini', runs: 100, body: geminiGenerateRequest, plain: { contents }, url: (model) => `${geminiUrl('streamGenerateContent')(model)}?alt=sse`, models: [CLAUDE, GPT, GEMINI] },
  { name: 'Gemini countTokens', protocol: 'gemini', runs: 100, body: geminiCountRequest, plain: { contents }, url: geminiUrl('countTokens'), models: [GPT, CLAUDE, GEMINI] },
  { name: 'Gemini embedContent', protocol: 'gemini', runs: 60, body: geminiEmbedRequest, plain: { content: { parts: [{ text: 'hi' }] } }, url: geminiUrl('embedContent'), models: [EMBEDDING, GEMINI_EMBEDDING] },
  {
    name: 'Gemini batchEmbedContents',
    protocol: 'gemini',
    runs: 60,
    body: geminiBatchEmbedRequest(EMBEDDING),
    plain: { requests: [{ model: `models/${EMBEDDING}`, content: { parts: [{ text: 'hi' }] } }] },
    url: geminiUrl('batchEmbedContents'),
    models: [EMBEDDING, GEMINI_EMBEDDING],
  },
];

/** FUZZ_ONLY=<text> fuzzes only the ingresses whose name contains it. */
const INGRESSES = ALL_INGRESSES.filter((ingress) => !process.env.FUZZ_ONLY || ingress.name.includes(process.env.FUZZ_ONLY));

/** Whether a refusal is in the client's protocol's error shape. */
function inProtocolShape(protocol: Protocol, body: unknown): boolean {
  const error = (body as { error?: Record<string, unknown> } | null)?.error;
  if (!error || typeof error.message !== 'string') return false;
  if (protocol === 'anthropic') return (body as { type?: unknown }).type === 'error' && typeof error.type === 'string';
  if (protocol === 'gemini') return typeof error.code === 'number' && typeof error.status === 'string';
  return typeof error.type === 'string';
}

const parsed = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};

describe('ingress fuzz: no client input makes a server error', () => {
  let f: RelayFixture;
  let userId: number;
  let key: string;
  const upstream = new AlwaysOkUpstream();

  beforeAll(async () => {
    await upstream.start();
    f = await relayFixture('sqlite');
    const openaiModels = [GPT, EMBEDDING, 'gpt-3.5-turbo-instruct', 'omni-moderation-latest', 'dall-e-3', 'tts-1', RERANK];
    await f.addChannel({ type: 1, name: 'openai', base_url: upstream.baseUrl, models: openaiModels.join(',') });
    await f.addChannel({ type: 36, name: 'deepseek', base_url: upstream.baseUrl, models: CHAT_ONLY });
    await f.addChannel({ type: 14, name: 'anthropic', key: 'sk-ant-upstream', base_url: upstream.baseUrl, models: CLAUDE });
    await f.addChannel({ type: 24, name: 'gemini', key: 'AIza-upstream', base_url: upstream.baseUrl, models: `${GEMINI},${GEMINI_EMBEDDING}` });
    userId = await f.addUser('fuzzer', 1e12);
    // A key with a quota of its own, so that a refused request's charge would show on it too.
    key = await f.addKey(userId, { unlimitedQuota: false, remainQuota: 1e12 });
  }, 60_000);
  afterAll(async () => {
    await f.close();
    await upstream.stop();
  });

  const headers = (protocol: Protocol): Record<string, string> =>
    protocol === 'anthropic' ? { 'x-api-key': `sk-${key}`, 'anthropic-version': '2023-06-01' } : protocol === 'gemini' ? { 'x-goog-api-key': `sk-${key}` } : { authorization: `Bearer sk-${key}` };

  /** The user's and the key's quota once every request before has settled. */
  const balances = async () => {
    await f.ctx.relay.inFlight.idle();
    await f.flush();
    const user = await f.ctx.db.selectFrom('users').select(['quota', 'used_quota']).where('id', '=', userId).executeTakeFirstOrThrow();
    const token = await f.ctx.db.selectFrom('tokens').select(['remain_quota', 'used_quota']).where('key', '=', key).executeTakeFirstOrThrow();
    return { user, token };
  };

  /** Sends one request; throws (failing the property) on a server error, a hang, a refusal not in the protocol's shape, or a charged refusal. */
  const check = async (ingress: Ingress, model: string, body: unknown) => {
    const before = await balances();
    const payload = JSON.stringify(body);
    const sentAt = Date.now();
    // Real HTTP, not app.inject: light-my-request's response never emits 'drain', so a long stream would wait forever.
    const answer = await fetch(`${f.url}${ingress.url(model)}`, {
      method: 'POST',
      headers: { ...headers(ingress.protocol), 'content-type': 'application/json' },
      body: payload,
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    }).catch((error: unknown) => {
      throw new Error(`${ingress.name}: no whole answer within ${REQUEST_TIMEOUT_MS} ms (${String(error)})\n  sent to ${ingress.url(model)}: ${payload.slice(0, 600)}`);
    });
    const response = { statusCode: answer.status, body: await answer.text() };
    const status = response.statusCode;
    const designed = status === 503 && NO_PRICE.test(response.body);
    const sent = `\n  sent to ${ingress.url(model)}: ${payload.slice(0, 600)}`;
    if (status >= 500 && !designed) throw new Error(`${ingress.name} answered ${status}: ${response.body.slice(0, 500)}${sent}`);
    if (process.env.FUZZ_VERBOSE) console.log(`${status} in ${Date.now() - sentAt} ms ${ingress.url(model)} ${payload.slice(0, 300)}\n  -> ${response.body.slice(0, 200)}`);
    if (status >= 400) {
      if (!inProtocolShape(ingress.protocol, parsed(response.body))) throw new Error(`${ingress.name} refused with ${status} outside its protocol's error shape: ${response.body.slice(0, 300)}${sent}`);
      const after = await balances();
      if (JSON.stringify(after) !== JSON.stringify(before)) throw new Error(`${ingress.name} charged a refused request (${status}): ${JSON.stringify(before)} -> ${JSON.stringify(after)}${sent}`);
    }
    return { status, body: response.body };
  };

  it.each(INGRESSES)('$name: a valid request is served', async (ingress) => {
    expect((await check(ingress, ingress.models?.[0] ?? '', ingress.plain)).status).toBe(200);
  });

  it.each(REGRESSIONS)('$name: $status', async ({ protocol, url, body, status, names }) => {
    const answer = await check({ name: url, protocol, runs: 1, body: fc.constant(body), plain: body, url: () => url }, '', body);
    expect(answer.status, answer.body).toBe(status);
    if (names) expect(answer.body).toContain(names);
  });

  it.each(INGRESSES)(
    '$name: broken requests are answered below 500, in the protocol, uncharged',
    async (ingress) => {
      const statuses = new Map<number, number>();
      const started = Date.now();
      const property = fc.asyncProperty(ingress.body, fc.constantFrom(...(ingress.models ?? [''])), fc.array(mutation, { minLength: 1, maxLength: 3 }), async (body, model, mutations: Mutation[]) => {
        const { status } = await check(ingress, model, mutated(body, mutations));
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
      });
      await fc.assert(property, { seed: SEED, numRuns: Math.ceil(ingress.runs * RUNS), interruptAfterTimeLimit: PROPERTY_TIME_LIMIT_MS * RUNS, markInterruptAsFailure: false });
      const runs = [...statuses.values()].reduce((sum, count) => sum + count, 0);
      console.log(`${ingress.name}: ${runs} requests in ${Date.now() - started} ms, ${[...statuses].map(([status, count]) => `${status}×${count}`).join(' ')}`);
      // Still serving: a valid request of the same endpoint.
      expect((await check(ingress, ingress.models?.[0] ?? '', ingress.plain)).status).toBe(200);
    },
    60_000,
  );
});
