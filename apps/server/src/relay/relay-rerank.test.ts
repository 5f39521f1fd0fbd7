import { ChannelStatus, type PricingView } from '@tollgate/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { channelStatus, testChannel } from '../../test/channel-checks.js';
import { lastConsumeLog } from '../../test/consume-log.js';
import { databaseKinds } from '../../test/databases.js';
import { FakeRerank, fakeRerankTokens, fakeScore } from '../../test/fake-rerank.js';
import { relayFixture, type RelayFixture } from '../../test/relay-fixture.js';

const QUERY = 'what does a reranker do';
const DOCUMENTS = ['A reranker orders documents by how well they answer a query.', 'Bananas are yellow.', { text: 'What a query asks is ranked here.' }, 'Paris is in France.'];
const TEXTS = DOCUMENTS.map((document) => (typeof document === 'string' ? document : document.text));
const TOKENS = fakeRerankTokens(QUERY, TEXTS);
/** The documents' indexes, best first, as the fake scores them. */
const ORDER = TEXTS.map((text, index) => ({ index, score: fakeScore(QUERY, text) }))
  .sort((a, b) => b.score - a.score)
  .map((item) => item.index);

interface RerankAnswer {
  id: string;
  model: string;
  results: { index: number; relevance_score: number; document?: { text: string } }[];
  meta: { billed_units: { search_units?: number; input_tokens?: number } };
  usage: { prompt_tokens: number; total_tokens: number };
}

interface OpenAIError {
  error: { message: string; type: string; param: string; code: string };
}

describe.each(databaseKinds)('POST /v1/rerank on %s', (kind) => {
  let f: RelayFixture;
  let key: string;
  let userId: number;
  let disabledId: number;
  let cohereId: number;
  const fakes = { main: new FakeRerank('main'), voyage: new FakeRerank('voyage'), silicon: new FakeRerank('silicon'), xinference: new FakeRerank('xinference'), failing: new FakeRerank('failing') };

  const rerank = async (body: unknown) => {
    const response = await fetch(`${f.url}/v1/rerank`, { method: 'POST', headers: { authorization: `Bearer sk-${key}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
    return { status: response.status, json: (await response.json()) as unknown };
  };
  const answerOf = async (body: unknown) => {
    const { status, json } = await rerank(body);
    expect(status, JSON.stringify(json)).toBe(200);
    return json as RerankAnswer;
  };
  const lastSent = (fake: FakeRerank) => fake.received.at(-1);
  const billed = async () => {
    await f.flush();
    return lastConsumeLog(f);
  };

  beforeAll(async () => {
    for (const fake of Object.values(fakes)) await fake.start();
    fakes.voyage.behaviour = { v1: 'voyage' };
    fakes.silicon.behaviour = { v1: 'siliconflow' };
    fakes.xinference.behaviour = { v1: 'xinference' };
    f = await relayFixture(kind);
    // Models the built-in table does not price, priced for the test; the others keep their built-in prices.
    await f.ctx.options.set('ModelRatio', JSON.stringify({ 'bge-reranker-tei': 0.5, 'bge-reranker-v2-m3': 0.3, 'Qwen3-Reranker-4B': 0.2, 'retry-rerank': 1 }));
    cohereId = await f.addChannel({ type: 35, name: 'cohere', key: 'co-key', base_url: fakes.main.baseUrl, models: 'rerank-v3.5' });
    await f.addChannel({ type: 8, name: 'jina', key: 'jina-key', base_url: fakes.main.baseUrl, models: 'jina-reranker-v2-base-multilingual' });
    await f.addChannel({ type: 8, name: 'voyage', key: 'vo-key', base_url: `${fakes.voyage.baseUrl}/v1`, models: 'rerank-2', config: JSON.stringify({ rerank_format: 'voyage' }) });
    await f.addChannel({ type: 17, name: 'dashscope', key: 'ds-key', base_url: fakes.main.baseUrl, models: 'gte-rerank-v2' });
    await f.addChannel({ type: 44, name: 'siliconflow', key: 'sf-key', base_url: fakes.silicon.baseUrl, models: 'BAAI/bge-reranker-v2-m3,bge-reranker-v2-m3', model_mapping: JSON.stringify({ 'bge-reranker-v2-m3': 'BAAI/bge-reranker-v2-m3' }) });
    await f.addChannel({ type: 50, name: 'xinference', key: 'xi-key', base_url: `${fakes.xinference.baseUrl}/v1`, models: 'Qwen3-Reranker-4B' });
    await f.addChannel({ type: 8, name: 'tei', key: 'tei-key', base_url: fakes.main.baseUrl, models: 'bge-reranker-tei', config: JSON.stringify({ rerank_format: 'tei' }) });
    await f.addChannel({ type: 14, name: 'anthropic', key: 'an-key', base_url: fakes.main.baseUrl, models: 'claude-3-haiku-20240307' });
    await f.addChannel({ type: 8, name: 'failing', key: 'k', base_url: fakes.failing.baseUrl, models: 'retry-rerank', priority: 10 });
    await f.addChannel({ type: 8, name: 'healthy', key: 'k', base_url: fakes.main.baseUrl, models: 'retry-rerank', priority: 1 });
    disabledId = await f.addChannel({ type: 35, name: 'revoked', key: 'revoked', base_url: fakes.failing.baseUrl, models: 'rerank-english-v3.0' });
    userId = await f.addUser('rerankuser', 10_000_000);
    key = await f.addKey(userId);
  });
  afterAll(async () => {
    await f.close();
    for (const fake of Object.values(fakes)) await fake.stop();
  });
  afterEach(async () => {
    fakes.failing.behaviour = {};
    await f.ctx.options.set('RetryTimes', '0');
  });

  it('ranks on Cohere through /v2/rerank and bills its search units at the per-search price', async () => {
    const answer = await answerOf({ model: 'rerank-v3.5', query: QUERY, documents: DOCUMENTS, top_n: 2, return_documents: false });
    expect(answer.id).toBe('co-rr-1');
    expect(answer.results.map((result) => result.index)).toEqual(ORDER.slice(0, 2));
    expect(answer.results[0]).not.toHaveProperty('document');
    expect(answer.meta.billed_units).toEqual({ search_units: 1 });
    expect(lastSent(fakes.main)).toMatchObject({ path: '/v2/rerank', headers: { authorization: 'Bearer co-key' }, json: { model: 'rerank-v3.5', query: QUERY, documents: TEXTS, top_n: 2 } });
    // $2 per 1,000 searches: $0.002 = 1,000 points at 500,000 points to the dollar.
    expect(await billed()).toMatchObject({ user_id: userId, model_name: 'rerank-v3.5', quota: 1000 });
  });

  it("serves Cohere's own path, POST /v2/rerank, where the Cohere SDK sends its rerank", async () => {
    const response = await fetch(`${f.url}/v2/rerank`, {
      method: 'POST',
      headers: { authorization: `Bearer sk-${key}`, 'content-type': 'application/json', 'x-client-name': 'cohere-sdk' },
      body: JSON.stringify({ model: 'rerank-v3.5', query: QUERY, documents: TEXTS, top_n: 1 }),
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ id: 'co-rr-1', results: [{ index: ORDER[0] }], meta: { billed_units: { search_units: 1 } } });
    expect((await fetch(`${f.url}/v2/rerank`)).status).toBe(404);
    const refused = await fetch(`${f.url}/v2/rerank`, { method: 'POST', headers: { authorization: `Bearer sk-${key}`, 'content-type': 'application/json' }, body: '{"model":"rerank-v3.5"}' });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as OpenAIError).error.param).toBe('query');
  });

  it('bills Cohere per search unit: 150 documents are two', async () => {
    const documents = Array.from({ length: 150 }, (_, i) => `document ${i}`);
    const answer = await answerOf({ model: 'rerank-v3.5', query: 'document 7', documents, top_n: 1 });
    expect(answer.meta.billed_units.search_units).toBe(2);
    expect(answer.results).toHaveLength(1);
    const log = await billed();
    expect(log.quota).toBe(2000);
    expect(JSON.parse(log.other ?? '{}')).toMatchObject({ costs: [{ kind: 'request', tokens: 2, ratio: 1000, quota: 2000 }] });
  });

  it('ranks on Jina, returns documents by default and bills its tokens at the model ratio', async () => {
    const answer = await answerOf({ model: 'jina-reranker-v2-base-multilingual', query: QUERY, documents: DOCUMENTS, max_chunks_per_doc: 5, rank_fields: ['text'] });
    expect(answer.results.map((result) => result.index)).toEqual(ORDER);
    expect(answer.results.map((result) => result.document?.text)).toEqual(ORDER.map((index) => TEXTS[index]));
    expect(answer.results[0]?.relevance_score).toBe(fakeScore(QUERY, TEXTS[ORDER[0] ?? 0] ?? ''));
    expect(answer.usage).toEqual({ prompt_tokens: TOKENS, total_tokens: TOKENS });
    expect(answer.id).toMatch(/^rerank-/);
    expect(lastSent(fakes.main)).toMatchObject({ path: '/v1/rerank', headers: { authorization: 'Bearer jina-key' }, json: { model: 'jina-reranker-v2-base-multilingual', query: QUERY, documents: TEXTS, return_documents: false } });
    expect(await billed()).toMatchObject({ model_name: 'jina-reranker-v2-base-multilingual', prompt_tokens: TOKENS, completion_tokens: 0, quota: Math.ceil(TOKENS * 0.025) });
  });

  it('ranks on Voyage, reading `data` and sending top_k', async () => {
    const answer = await answerOf({ model: 'rerank-2', query: QUERY, documents: DOCUMENTS, top_n: 3, return_documents: true });
    expect(answer.results.map((result) => result.index)).toEqual(ORDER.slice(0, 3));
    expect(answer.results[2]?.document?.text).toBe(TEXTS[ORDER[2] ?? 0]);
    expect(lastSent(fakes.voyage)).toMatchObject({ path: '/v1/rerank', json: { model: 'rerank-2', top_k: 3 } });
    expect(await billed()).toMatchObject({ model_name: 'rerank-2', prompt_tokens: TOKENS, quota: Math.ceil(TOKENS * 0.025) });
  });

  it('ranks on DashScope through text-rerank with input and parameters', async () => {
    const answer = await answerOf({ model: 'gte-rerank-v2', query: QUERY, documents: DOCUMENTS, top_n: 1 });
    expect(answer).toMatchObject({ id: 'ds-rr-1', results: [{ index: ORDER[0], document: { text: TEXTS[ORDER[0] ?? 0] } }], usage: { total_tokens: TOKENS } });
    expect(lastSent(fakes.main)).toMatchObject({
      path: '/api/v1/services/rerank/text-rerank/text-rerank',
      headers: { authorization: 'Bearer ds-key' },
      json: { model: 'gte-rerank-v2', input: { query: QUERY, documents: TEXTS }, parameters: { top_n: 1, return_documents: false } },
    });
    expect(await billed()).toMatchObject({ model_name: 'gte-rerank-v2', prompt_tokens: TOKENS, quota: Math.ceil(TOKENS * 0.0571428571) });
  });

  it('ranks on SiliconFlow under a mapped model, reading its billed input tokens', async () => {
    const answer = await answerOf({ model: 'bge-reranker-v2-m3', query: QUERY, documents: TEXTS });
    expect(answer.results.map((result) => result.index)).toEqual(ORDER);
    expect(answer.usage.total_tokens).toBe(TOKENS);
    expect(lastSent(fakes.silicon)).toMatchObject({ path: '/v1/rerank', json: { model: 'BAAI/bge-reranker-v2-m3' } });
    expect(await billed()).toMatchObject({ model_name: 'BAAI/bge-reranker-v2-m3', prompt_tokens: TOKENS, quota: 0 });
  });

  it('ranks on an OpenAI-compatible Xinference at {base}/rerank, reading meta.tokens', async () => {
    const answer = await answerOf({ model: 'Qwen3-Reranker-4B', query: QUERY, documents: TEXTS, top_n: 2 });
    expect(answer.results).toHaveLength(2);
    expect(lastSent(fakes.xinference)?.path).toBe('/v1/rerank');
    expect(await billed()).toMatchObject({ model_name: 'Qwen3-Reranker-4B', prompt_tokens: TOKENS, quota: Math.ceil(TOKENS * 0.2) });
  });

  it('ranks on TEI with {query, texts}, counts the tokens itself and tells the client', async () => {
    const answer = await answerOf({ model: 'bge-reranker-tei', query: QUERY, documents: DOCUMENTS, top_n: 2, return_documents: false });
    expect(answer.results.map((result) => result.index)).toEqual(ORDER.slice(0, 2));
    const sent = lastSent(fakes.main);
    expect(sent).toMatchObject({ path: '/rerank', json: { query: QUERY, texts: TEXTS } });
    expect(sent?.headers.authorization).toBe('Bearer tei-key');
    const log = await billed();
    expect(log.prompt_tokens).toBeGreaterThan(0);
    expect(answer.usage).toEqual({ prompt_tokens: log.prompt_tokens, total_tokens: log.prompt_tokens });
    expect(log.quota).toBe(Math.ceil(log.prompt_tokens * 0.5));
  });

  it('retries a failing channel on another and bills the one that answered', async () => {
    await f.ctx.options.set('RetryTimes', '1');
    fakes.failing.behaviour = { fail: { status: 503, body: { error: { message: 'overloaded' } } } };
    const before = fakes.failing.received.length;
    const answer = await answerOf({ model: 'retry-rerank', query: QUERY, documents: TEXTS });
    expect(fakes.failing.received.length).toBe(before + 1);
    expect(answer.results).toHaveLength(TEXTS.length);
    expect(await billed()).toMatchObject({ model_name: 'retry-rerank', prompt_tokens: TOKENS, quota: TOKENS });
  });

  it('answers an upstream error in OpenAI shape', async () => {
    fakes.failing.behaviour = { fail: { status: 401, body: { error: { message: 'bad key' } } } };
    await f.ctx.options.set('RetryTimes', '0');
    const { status, json } = await rerank({ model: 'retry-rerank', query: QUERY, documents: TEXTS });
    expect(status).toBe(401);
    expect((json as OpenAIError).error.message).toContain('bad key');
  });

  it('refuses bad bodies with a 400 naming the field, and charges nothing', async () => {
    await f.flush();
    const quota = async () => (await f.ctx.db.selectFrom('users').select('quota').where('id', '=', userId).executeTakeFirstOrThrow()).quota;
    const before = { quota: await quota(), logs: (await lastConsumeLog(f)).id, calls: fakes.main.received.length };
    const cases: [unknown, string][] = [
      [{ query: QUERY, documents: TEXTS }, 'model'],
      [{ model: 'rerank-2', documents: TEXTS }, 'query'],
      [{ model: 'rerank-2', query: '  ', documents: TEXTS }, 'query'],
      [{ model: 'rerank-2', query: QUERY }, 'documents'],
      [{ model: 'rerank-2', query: QUERY, documents: [] }, 'documents'],
      [{ model: 'rerank-2', query: QUERY, documents: 'one' }, 'documents'],
      [{ model: 'rerank-2', query: QUERY, documents: Array.from({ length: 1001 }, () => 'x') }, 'documents'],
      [{ model: 'rerank-2', query: QUERY, documents: ['a', 5] }, 'documents[1]'],
      [{ model: 'rerank-2', query: QUERY, documents: [{ title: 'a' }] }, 'documents[0]'],
      [{ model: 'rerank-2', query: QUERY, documents: TEXTS, top_n: 0 }, 'top_n'],
      [{ model: 'rerank-2', query: QUERY, documents: TEXTS, top_n: 1.5 }, 'top_n'],
      [{ model: 'rerank-2', query: QUERY, documents: TEXTS, top_n: '3' }, 'top_n'],
      [{ model: 'rerank-2', query: QUERY, documents: TEXTS, top_k: -1 }, 'top_k'],
      [{ model: 'rerank-2', query: QUERY, documents: TEXTS, return_documents: 'yes' }, 'return_documents'],
      [{ model: 'rerank-2', query: QUERY, documents: TEXTS, max_tokens_per_doc: 0 }, 'max_tokens_per_doc'],
    ];
    for (const [body, field] of cases) {
      const { status, json } = await rerank(body);
      expect(status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect((json as OpenAIError).error, field).toMatchObject({ type: 'invalid_request_error', param: field });
    }
    await f.flush();
    expect(await quota()).toBe(before.quota);
    expect((await lastConsumeLog(f)).id).toBe(before.logs);
    expect(fakes.main.received.length).toBe(before.calls);
  });

  it('shows the rerank models on the pricing page: Cohere by the search, the others by the token', async () => {
    const answer = await f.app.inject({ method: 'GET', url: '/api/pricing', headers: { cookie: f.rootCookie } });
    const models = answer.json<{ data: PricingView }>().data.models;
    const priced = (model: string) => models.find((view) => view.model === model);
    expect(priced('rerank-v3.5')).toMatchObject({ per_request: 0.002, origin: { kind: 'catalog', name: 'Cohere' } });
    expect(priced('rerank-2')).toMatchObject({ input: 0.05, origin: { kind: 'catalog', name: 'Voyage AI' } });
    expect(priced('jina-reranker-v2-base-multilingual')).toMatchObject({ input: 0.05 });
    expect(priced('gte-rerank-v2')?.input).toBeCloseTo(0.1142857, 5);
    expect(priced('BAAI/bge-reranker-v2-m3')).toMatchObject({ input: 0 });
  });

  it('refuses a channel whose config names a rerank format Tollgate does not speak', async () => {
    for (const rerank_format of ['openai', 7]) {
      const answer = await f.app.inject({ method: 'POST', url: '/api/channel/', headers: { cookie: f.rootCookie }, payload: { type: 8, name: 'odd', key: 'k', base_url: fakes.main.baseUrl, models: 'odd-rerank', group: 'default', config: JSON.stringify({ rerank_format }) } });
      // The channel routes answer one-api's envelope, as for every refused channel field.
      expect(answer.json()).toMatchObject({ success: false, message: expect.stringContaining('rerank_format') });
    }
    expect(await f.ctx.db.selectFrom('channels').select('id').where('name', '=', 'odd').execute()).toEqual([]);
  });

  it('tests a rerank model of a channel with a rerank, not a chat it would fail', async () => {
    expect(await testChannel(f, cohereId, 'rerank-v3.5')).toMatchObject({ success: true, model: 'rerank-v3.5', message: expect.stringContaining('relevance_score') });
    expect(lastSent(fakes.main)).toMatchObject({ path: '/v2/rerank', json: { model: 'rerank-v3.5', documents: [expect.any(String)] } });
  });

  it('leaves a model priced per search out of the ratio editors, where a ratio of 0 would read as free', async () => {
    const answer = await f.app.inject({ method: 'GET', url: '/api/pricing/built_in_ratios', headers: { cookie: f.rootCookie } });
    const { ModelRatio } = answer.json<{ data: { ModelRatio: Record<string, number> } }>().data;
    expect(ModelRatio).not.toHaveProperty('rerank-v3.5');
    expect(ModelRatio).toMatchObject({ 'rerank-2': 0.025, 'gte-rerank-v2': 0.0571428571 });
  });

  it('passes over channels whose protocol has no rerank', async () => {
    const calls = fakes.main.received.length;
    const { status, json } = await rerank({ model: 'claude-3-haiku-20240307', query: QUERY, documents: TEXTS });
    expect(status).toBe(400);
    expect((json as OpenAIError).error).toMatchObject({ code: 'mode_not_supported', message: expect.stringContaining('(anthropic) does not serve /v1/rerank') });
    expect(fakes.main.received.length).toBe(calls);
  });

  it('disables a channel whose key the vendor refuses, when auto-disable is on', async () => {
    await f.ctx.options.set('AutomaticDisableChannelEnabled', 'true');
    fakes.failing.behaviour = { fail: { status: 401, body: { message: 'invalid api token' } } };
    const { status, json } = await rerank({ model: 'rerank-english-v3.0', query: QUERY, documents: TEXTS });
    expect(status).toBe(401);
    expect((json as OpenAIError).error).toMatchObject({ type: 'authentication_error' });
    await expect.poll(() => channelStatus(f, disabledId)).toBe(ChannelStatus.AutoDisabled);
    await f.ctx.options.set('AutomaticDisableChannelEnabled', 'false');
  });
});
