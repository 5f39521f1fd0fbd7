import { afterEach, describe, expect, it } from 'vitest';
import { lastConsumeLog } from '../../test/consume-log.js';
import { databaseKinds } from '../../test/databases.js';
import { FakeBedrock } from '../../test/fake-bedrock.js';
import { providerSuite } from '../../test/provider-suite.js';

const TITAN_V2 = 'amazon.titan-embed-text-v2:0';
const TITAN_V1 = 'amazon.titan-embed-text-v1';
const COHERE = 'cohere.embed-multilingual-v3';
const CREDENTIALS = { accessKeyId: 'AKIDFAKEBEDROCK', secretAccessKey: 'fake/secret+key', region: 'us-east-1' };

/**
 * /v1/embeddings on a Bedrock channel (issue 16): Titan (one InvokeModel call per input) and Cohere Embed
 * (one call for the list) answered in OpenAI's shape, billed by the tokens Bedrock counted, or counted
 * locally when it counted none.
 */
describe.each(databaseKinds)('Bedrock embeddings through the official OpenAI SDK on %s', (kind) => {
  const suite = providerSuite(kind, {
    upstream: () => new FakeBedrock('bedrock', CREDENTIALS),
    modelRatio: { [TITAN_V2]: 0.01, [TITAN_V1]: 0.05, [COHERE]: 0.05 },
    channel: (upstream) => ({ type: 33, name: 'bedrock', key: `${CREDENTIALS.accessKeyId}|${CREDENTIALS.secretAccessKey}|${CREDENTIALS.region}`, base_url: upstream.baseUrl, models: `${TITAN_V2},${TITAN_V1},${COHERE}` }),
    username: 'bdrkembed',
  });
  afterEach(() => {
    suite.upstream.behaviour = {};
  });

  it('embeds each input of a list with its own Titan call, in order, with the dimensions asked, and bills the counted tokens', async () => {
    const calls = suite.upstream.received.length;
    const answer = await suite.client().embeddings.create({ model: TITAN_V2, input: ['one two three', 'four five'], dimensions: 4 });
    expect(answer.data.map((item) => [item.index, item.embedding])).toEqual([
      [0, [13, 0.5, 0.5, 0.5]],
      [1, [9, 0.5, 0.5, 0.5]],
    ]);
    expect(answer.usage).toEqual({ prompt_tokens: 5, total_tokens: 5 });
    const sent = suite.upstream.received.slice(calls);
    expect(sent.map((call) => [call.path, call.json])).toEqual([
      ['/model/amazon.titan-embed-text-v2%3A0/invoke', { inputText: 'one two three', dimensions: 4 }],
      ['/model/amazon.titan-embed-text-v2%3A0/invoke', { inputText: 'four five', dimensions: 4 }],
    ]);
    await suite.f.flush();
    const log = await lastConsumeLog(suite.f);
    expect(log).toMatchObject({ model_name: TITAN_V2, channel_id: suite.channelId, prompt_tokens: 5, completion_tokens: 0 });
    expect(log.quota).toBeGreaterThan(0);
  });

  it('sends a Cohere model the texts in one call and bills the count of Bedrock’s header', async () => {
    const answer = await suite.client().embeddings.create({ model: COHERE, input: 'hello embedded world', encoding_format: 'float' });
    expect(answer.data).toEqual([{ object: 'embedding', index: 0, embedding: [20, 0.5, 0.5] }]);
    expect(answer.usage).toEqual({ prompt_tokens: 3, total_tokens: 3 });
    expect(suite.upstream.received.at(-1)).toMatchObject({
      path: '/model/cohere.embed-multilingual-v3/invoke',
      json: { texts: ['hello embedded world'], input_type: 'search_document', embedding_types: ['float'] },
    });
    await suite.f.flush();
    expect(await lastConsumeLog(suite.f)).toMatchObject({ model_name: COHERE, prompt_tokens: 3 });
  });

  it('counts the input locally when Bedrock counts nothing', async () => {
    suite.upstream.behaviour = { noTokenCounts: true };
    const answer = await suite.client().embeddings.create({ model: TITAN_V1, input: 'a sentence whose tokens Tollgate counts itself' });
    expect(answer.data[0]?.embedding).toHaveLength(3);
    await suite.f.flush();
    const log = await lastConsumeLog(suite.f);
    expect(log).toMatchObject({ model_name: TITAN_V1, channel_id: suite.channelId });
    expect(log.prompt_tokens).toBeGreaterThan(0);
    expect(log.quota).toBeGreaterThan(0);
  });

  it('answers Bedrock’s refusal of one of the calls as the error, not a partial list', async () => {
    const calls = suite.upstream.received.length;
    const error = await suite
      .client()
      .embeddings.create({ model: TITAN_V1, input: ['fine', ''] })
      .catch((caught: unknown) => caught);
    expect(error).toMatchObject({ status: 400, message: expect.stringContaining('expected minLength: 1') as unknown });
    expect(suite.upstream.received.length).toBe(calls + 2);
  });
});
