import { afterAll, beforeAll, describe, it } from 'vitest';
import { databaseKinds } from '../../test/databases.js';
import { FakeAiProxyLibrary } from '../../test/fake-aiproxy.js';
import { FakeBaidu } from '../../test/fake-baidu.js';
import { FakeCloudflare } from '../../test/fake-cloudflare.js';
import { FakeCohere } from '../../test/fake-cohere.js';
import { FakeDashScope } from '../../test/fake-dashscope.js';
import { FakeOllama } from '../../test/fake-ollama.js';
import { FakeReplicate } from '../../test/fake-replicate.js';
import { FakeTencent } from '../../test/fake-tencent.js';
import { FakeVertex } from '../../test/fake-vertex.js';
import { FakeZhipu } from '../../test/fake-zhipu.js';
import { relayFixture, type RelayFixture } from '../../test/relay-fixture.js';
import { expectBrokenStreamBilled, expectLogsAddUp, type StreamBreak } from '../../test/stream-break.js';

const ACCOUNT = 'acc0123456789';
const SECRET_ID = 'AKIDfakeSecretId';
const SECRET_KEY = 'fakeSecretKey';

/**
 * Streams cut short on every streaming adaptor beyond OpenAI, Anthropic and Gemini (issue 17): each fake
 * upstream breaks its connection off after its first events, and the client, the log and the bill see the
 * same edge as on the protocols tested in relay-stream-edges.test.ts. (DeepL answers one JSON that the
 * adaptor streams itself, and PaLM cannot stream: neither has a stream to break.)
 */
describe.each(databaseKinds)('streams broken off mid-way, per adaptor, on %s', (kind) => {
  let f: RelayFixture;
  let userId: number;
  let key: string;
  const fakes = {
    cohere: new FakeCohere('cohere'),
    ollama: new FakeOllama('ollama'),
    dashscope: new FakeDashScope('dashscope'),
    baidu: new FakeBaidu(),
    zhipu: new FakeZhipu('zhipu'),
    tencent: new FakeTencent(SECRET_ID, SECRET_KEY),
    cloudflare: new FakeCloudflare('cloudflare', ACCOUNT, 'cf-token'),
    vertex: new FakeVertex(),
    replicate: new FakeReplicate('replicate'),
    library: new FakeAiProxyLibrary('aip-key'),
  };
  const CASES: (StreamBreak & { name: string })[] = [
    { name: 'Cohere', model: 'command-r', upstream: fakes.cohere, writes: 2, delivered: 'Hello' },
    { name: 'Ollama', model: 'llama3.2', upstream: fakes.ollama, writes: 1, delivered: 'Hello' },
    { name: 'DashScope', model: 'qwen-max', upstream: fakes.dashscope, writes: 1, delivered: 'Hello', reported: { input: 12, output: 6 } },
    { name: 'Baidu', model: 'ERNIE-4.0-8K', upstream: fakes.baidu, writes: 1, delivered: 'Hello from ', reported: { input: 12, output: 0 } },
    { name: 'Zhipu v4', model: 'glm-4', upstream: fakes.zhipu, writes: 2, delivered: 'part0 ' },
    { name: 'Zhipu v3', model: 'chatglm_turbo', upstream: fakes.zhipu, writes: 2, delivered: ' Hello from' },
    { name: 'Tencent', model: 'hunyuan-lite', upstream: fakes.tencent, writes: 2, delivered: 'Hello from ', reported: { input: 12, output: 4 } },
    { name: 'Cloudflare', model: '@cf/meta/llama-3.1-8b-instruct', upstream: fakes.cloudflare, writes: 1, delivered: 'Hello ' },
    { name: 'Vertex Gemini', model: 'gemini-1.5-pro-002', upstream: fakes.vertex, writes: 1, delivered: 'Hello', reported: { input: 12, output: 2 } },
    { name: 'Vertex Claude', model: 'claude-3-5-sonnet-v2@20241022', upstream: fakes.vertex, writes: 3, delivered: 'Hello', reported: { input: 12, output: 1 } },
    { name: 'Replicate', model: 'meta/meta-llama-3-8b-instruct', upstream: fakes.replicate, writes: 2, delivered: 'Hello from' },
    { name: 'AI Proxy library', model: 'library-model', upstream: fakes.library, writes: 1, delivered: 'Answer ' },
  ];

  beforeAll(async () => {
    await Promise.all(Object.values(fakes).map((fake) => fake.start()));
    f = await relayFixture(kind);
    const prices = Object.fromEntries(CASES.map((c) => [c.model, 1]));
    await f.ctx.options.set('ModelRatio', JSON.stringify(prices));
    await f.ctx.options.set('CompletionRatio', JSON.stringify(prices));
    const models = (fake: object) => CASES.filter((c) => c.upstream === fake).map((c) => c.model).join(',');
    const channels = [
      { type: 35, key: 'co-key', base_url: fakes.cohere.baseUrl, models: models(fakes.cohere) },
      { type: 30, key: 'proxy-key', base_url: fakes.ollama.baseUrl, models: models(fakes.ollama) },
      { type: 17, key: 'sk-ds', base_url: fakes.dashscope.baseUrl, models: models(fakes.dashscope) },
      { type: 15, key: `AK-break-${kind}|SK`, base_url: fakes.baidu.baseUrl, models: models(fakes.baidu) },
      { type: 16, key: 'myid.mysecret', base_url: fakes.zhipu.baseUrl, models: models(fakes.zhipu) },
      { type: 23, key: `1250000000|${SECRET_ID}|${SECRET_KEY}`, base_url: fakes.tencent.baseUrl, config: JSON.stringify({ region: 'ap-guangzhou' }), models: models(fakes.tencent) },
      { type: 37, key: 'cf-token', base_url: fakes.cloudflare.baseUrl, config: JSON.stringify({ user_id: ACCOUNT }), models: models(fakes.cloudflare) },
      {
        type: 42,
        key: '',
        base_url: fakes.vertex.baseUrl,
        models: models(fakes.vertex),
        // A key per database run: the token cache is per process.
        config: JSON.stringify({ region: 'us-east5', vertex_ai_project_id: 'proj-break', vertex_ai_adc: fakes.vertex.newKey(`break-${kind}@test-project.iam.gserviceaccount.com`) }),
      },
      { type: 46, key: 'r8_fake', base_url: `${fakes.replicate.baseUrl}/v1/models/`, models: models(fakes.replicate) },
      { type: 21, key: 'aip-key', base_url: fakes.library.baseUrl, other: 'lib-42', models: models(fakes.library) },
    ];
    for (const [i, channel] of channels.entries()) await f.addChannel({ name: `break-${i}`, ...channel });
    userId = await f.addUser('breaks', 10_000_000);
    key = await f.addKey(userId);
  });
  afterAll(async () => {
    await f.close();
    await Promise.all(Object.values(fakes).map((fake) => fake.stop()));
  });

  it.each(CASES)('$name: the client gets the content then an error, the log says interrupted, the bill is what was reported or delivered', async (c) => {
    await expectBrokenStreamBilled(f, key, userId, c);
  });

  it('bills exactly what the logs say', async () => {
    await expectLogsAddUp(f, userId);
  });
});
