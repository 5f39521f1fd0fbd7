import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lastConsumeLog } from '../../test/consume-log.js';
import { databaseKinds } from '../../test/databases.js';
import { FakeRerank } from '../../test/fake-rerank.js';
import { relayFixture, type RelayFixture } from '../../test/relay-fixture.js';

/** rerank-v3.5's built-in price: $2 per 1,000 searches, 1,000 points a search unit. */
const UNIT = 1000;

/**
 * Cohere's rerank reserves the search units it is estimated to cost, not one: a hundred documents to the unit,
 * a document longer than the model's chunk counting as several; the charge is settled to the units reported.
 */
describe.each(databaseKinds)('Cohere rerank reservations on %s', (kind) => {
  let f: RelayFixture;
  const cohere = new FakeRerank('cohere');

  beforeAll(async () => {
    await cohere.start();
    f = await relayFixture(kind);
    await f.addChannel({ type: 35, name: 'cohere', key: 'co-key', base_url: cohere.baseUrl, models: 'rerank-v3.5' });
  });
  afterAll(async () => {
    await f.close();
    await cohere.stop();
  });

  const accountWith = async (name: string, quota: number) => {
    const userId = await f.addUser(name, quota);
    return { userId, key: await f.addKey(userId) };
  };
  const rerank = (key: string, documents: string[]) =>
    fetch(`${f.url}/v1/rerank`, { method: 'POST', headers: { authorization: `Bearer sk-${key}`, 'content-type': 'application/json' }, body: JSON.stringify({ model: 'rerank-v3.5', query: 'document 7', documents, top_n: 1 }) });
  const quotaOf = async (userId: number) => (await f.ctx.db.selectFrom('users').select('quota').where('id', '=', userId).executeTakeFirstOrThrow()).quota;
  const thousand = Array.from({ length: 1000 }, (_, i) => `document ${i}`);

  it('refuses a 1,000-document rerank to an account one point short of its ten units, without calling Cohere', async () => {
    const { userId, key } = await accountWith('short', 10 * UNIT - 1);
    const calls = cohere.received.length;
    const response = await rerank(key, thousand);
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ error: { code: 'insufficient_user_quota' } });
    expect(cohere.received.length).toBe(calls);
    expect(await quotaOf(userId)).toBe(10 * UNIT - 1);
  });

  it('runs it for an account that holds exactly ten units, and charges the ten reported', async () => {
    const { userId, key } = await accountWith('exact', 10 * UNIT);
    const response = await rerank(key, thousand);
    expect(response.status).toBe(200);
    expect(((await response.json()) as { meta: { billed_units: { search_units: number } } }).meta.billed_units.search_units).toBe(10);
    await f.flush();
    expect(await lastConsumeLog(f)).toMatchObject({ user_id: userId, quota: 10 * UNIT });
    expect(await quotaOf(userId)).toBe(0);
  });

  it('reserves a long document as several, and settles to the units Cohere reported', async () => {
    // 99 short documents and one of ~5,000 tokens: 101 chunks estimated (two units); the fake bills by count (one).
    const documents = [...thousand.slice(0, 99), 'long text '.repeat(1500)];
    const short = await accountWith('long-short', 2 * UNIT - 1);
    expect((await rerank(short.key, documents)).status).toBe(403);
    const enough = await accountWith('long-enough', 2 * UNIT);
    expect((await rerank(enough.key, documents)).status).toBe(200);
    await f.flush();
    expect(await lastConsumeLog(f)).toMatchObject({ user_id: enough.userId, quota: UNIT });
    // The second unit reserved came back.
    expect(await quotaOf(enough.userId)).toBe(UNIT);
  });
});
