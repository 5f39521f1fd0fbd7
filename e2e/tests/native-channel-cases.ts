import { expect } from '@playwright/test';
// The server's own fake upstreams (apps/server/test), so the browser test and the relay tests check the
// same wire formats. Playwright's loader maps these `.js` specifiers to the `.ts` sources, as it does for
// the helpers next to this file.
import { FakeAnthropic } from '../../apps/server/test/fake-anthropic.js';
import { FakeBaidu } from '../../apps/server/test/fake-baidu.js';
import { FakeBedrock } from '../../apps/server/test/fake-bedrock.js';
import { FakeCloudflare } from '../../apps/server/test/fake-cloudflare.js';
import { FakeCohere } from '../../apps/server/test/fake-cohere.js';
import { FakeCoze } from '../../apps/server/test/fake-coze.js';
import { FakeOllama } from '../../apps/server/test/fake-ollama.js';
import { FakeSpark } from '../../apps/server/test/fake-spark.js';
import { FakeVertex } from '../../apps/server/test/fake-vertex.js';

/** A fake upstream started for one case, with what a user types into the form to reach it. */
export interface StartedUpstream {
  baseUrl: string;
  /** Form inputs by test id without the `channel-` prefix (`key`, `other`, `config-region`…), as typed. */
  fields: Record<string, string>;
  /** Checks that what the form saved reached the upstream (credentials, region, version…). */
  verify: () => void;
  stop: () => Promise<void>;
}

export interface NativeChannelCase {
  type: number;
  /** The type's label in the (Chinese) console's type picker. */
  label: string;
  /** The one model the channel serves: the test button asks for it. */
  model: string;
  /** What the fake answers, which the test button reports. */
  answer: string;
  /** Whether the model has a built-in price: the relay refuses unpriced models, the channel test does not. */
  priced: boolean;
  /** Form inputs this type must show, and inputs it must hide (by test id, without `channel-`). */
  shows: string[];
  hides: string[];
  screenshot?: string;
  start: () => Promise<StartedUpstream>;
}

const BEDROCK = { accessKeyId: 'AKIDE2EBEDROCK', secretAccessKey: 'e2e/secret+key', region: 'us-west-2' };
const SPARK = { appId: 'e2eappid', secret: 'MjlmNzkzNmZkMDQ2OTc0ZDdmNGE2ZTZi', apiKey: 'e2e-spark-api-key' };

export const NATIVE_CASES: NativeChannelCase[] = [
  {
    type: 14,
    label: 'Anthropic Claude',
    model: 'claude-3-haiku-20240307',
    answer: 'Hello from anthropic-e2e',
    priced: true,
    shows: ['key', 'base_url'],
    hides: ['other', 'config-region'],
    async start() {
      const fake = await new FakeAnthropic('anthropic-e2e').start();
      return {
        baseUrl: fake.baseUrl,
        fields: { key: 'sk-ant-e2e-key', base_url: fake.baseUrl },
        verify: () => expect(fake.received.at(-1)?.headers['x-api-key']).toBe('sk-ant-e2e-key'),
        stop: () => fake.stop(),
      };
    },
  },
  {
    type: 42,
    label: 'VertexAI',
    model: 'gemini-1.5-pro-001',
    answer: 'Hello from vertex gemini',
    priced: true,
    shows: ['config-region', 'config-vertex_ai_project_id', 'config-vertex_ai_adc', 'base_url'],
    hides: ['key'],
    screenshot: 'channel-add-vertex',
    async start() {
      const fake = await new FakeVertex('vertex').start();
      // A throwaway RSA service-account key (node:crypto) whose token_uri is the fake's token endpoint.
      const adc = JSON.stringify(JSON.parse(fake.newKey('tollgate-e2e@e2e-project.iam.gserviceaccount.com')), null, 2);
      return {
        baseUrl: fake.baseUrl,
        fields: { 'config-region': 'europe-west4', 'config-vertex_ai_project_id': 'e2e-project', 'config-vertex_ai_adc': adc, base_url: fake.baseUrl },
        verify: () => {
          expect(fake.tokenExchanges).toBeGreaterThan(0);
          expect(fake.received.at(-1)?.path).toMatch(/^\/v1\/projects\/e2e-project\/locations\/europe-west4\/publishers\/google\/models\/gemini-1\.5-pro-001:generateContent/);
        },
        stop: () => fake.stop(),
      };
    },
  },
  {
    type: 18,
    label: '讯飞星火认知',
    // A model name without a version, so the channel's API version (`other`) chooses the service.
    model: 'SparkDesk',
    answer: 'Hello from spark',
    priced: true,
    shows: ['key', 'other', 'base_url'],
    hides: ['config-region'],
    async start() {
      const fake = await new FakeSpark(SPARK.secret, SPARK.apiKey).start();
      return {
        baseUrl: fake.baseUrl,
        fields: { key: `${SPARK.appId}|${SPARK.secret}|${SPARK.apiKey}`, other: 'v3.5', base_url: fake.baseUrl },
        verify: () => {
          const last = fake.received.at(-1);
          expect(last?.path).toBe('/v3.5/chat');
          expect(last?.frame).toMatchObject({ header: { app_id: SPARK.appId }, parameter: { chat: { domain: 'generalv3.5' } } });
        },
        stop: () => fake.stop(),
      };
    },
  },
  {
    type: 15,
    label: '百度文心千帆',
    model: 'ERNIE-4.0-8K',
    answer: 'Hello from baidu',
    priced: true,
    shows: ['key', 'base_url'],
    hides: ['other'],
    async start() {
      const fake = await new FakeBaidu('baidu').start();
      return {
        baseUrl: fake.baseUrl,
        fields: { key: 'e2e-api-key|e2e-secret-key', base_url: fake.baseUrl },
        verify: () => {
          const exchange = fake.received.find((request) => request.path.startsWith('/oauth/2.0/token'));
          expect(exchange?.path).toContain('client_id=e2e-api-key');
          expect(exchange?.path).toContain('client_secret=e2e-secret-key');
        },
        stop: () => fake.stop(),
      };
    },
  },
  {
    type: 37,
    label: 'Cloudflare',
    model: '@cf/meta/llama-3.1-8b-instruct',
    answer: 'Hello from cloudflare',
    priced: false,
    shows: ['key', 'config-user_id', 'base_url'],
    hides: ['other'],
    async start() {
      // The fake answers 401 unless both the token and the account id are right.
      const fake = await new FakeCloudflare('cloudflare', 'e2eaccount0123', 'cf-e2e-token').start();
      return {
        baseUrl: fake.baseUrl,
        fields: { key: 'cf-e2e-token', 'config-user_id': 'e2eaccount0123', base_url: fake.baseUrl },
        verify: () => expect(fake.received.at(-1)?.path).toBe('/client/v4/accounts/e2eaccount0123/ai/v1/chat/completions'),
        stop: () => fake.stop(),
      };
    },
  },
  {
    type: 30,
    label: 'Ollama',
    model: 'llama3:latest',
    answer: 'Hello from ollama',
    priced: false,
    shows: ['key', 'base_url'],
    hides: ['other'],
    async start() {
      const fake = await new FakeOllama('ollama').start();
      return {
        baseUrl: fake.baseUrl,
        fields: { key: 'ollama-e2e-key', base_url: fake.baseUrl },
        verify: () => expect(fake.received.at(-1)).toMatchObject({ path: '/api/chat', json: { model: 'llama3:latest', stream: false } }),
        stop: () => fake.stop(),
      };
    },
  },
  {
    type: 35,
    label: 'Cohere',
    model: 'command-r',
    answer: 'Hello from cohere',
    priced: true,
    shows: ['key', 'base_url'],
    hides: ['other'],
    async start() {
      const fake = await new FakeCohere('cohere').start();
      return {
        baseUrl: fake.baseUrl,
        fields: { key: 'co-e2e-key', base_url: fake.baseUrl },
        verify: () => expect(fake.received.at(-1)?.headers.authorization).toBe('Bearer co-e2e-key'),
        stop: () => fake.stop(),
      };
    },
  },
  {
    type: 34,
    label: 'Coze',
    model: 'bot-7379462189365198898',
    answer: 'Hello from coze',
    priced: false,
    shows: ['key', 'config-user_id', 'base_url'],
    hides: ['other'],
    async start() {
      // A wrong personal access token gets Coze's in-band error, so a pass proves the key was saved.
      const fake = await new FakeCoze('coze', 'pat_e2e_token').start();
      return {
        baseUrl: fake.baseUrl,
        fields: { key: 'pat_e2e_token', 'config-user_id': 'e2e-coze-user', base_url: fake.baseUrl },
        verify: () => expect(fake.received.at(-1)?.json).toMatchObject({ bot_id: '7379462189365198898', user: 'e2e-coze-user' }),
        stop: () => fake.stop(),
      };
    },
  },
  {
    type: 33,
    label: 'AWS',
    model: 'claude-3-5-sonnet-20241022',
    answer: 'Hello from bedrock',
    priced: true,
    // The key stays empty: the server builds AK|SK|Region from the fields, as one-api's console does.
    shows: ['config-region', 'config-ak', 'config-sk', 'base_url', 'key'],
    hides: ['other'],
    screenshot: 'channel-add-aws',
    async start() {
      // The fake checks the SigV4 signature with these credentials and region; anything else is a 403.
      const fake = await new FakeBedrock('bedrock', BEDROCK).start();
      return {
        baseUrl: fake.baseUrl,
        fields: { 'config-region': BEDROCK.region, 'config-ak': BEDROCK.accessKeyId, 'config-sk': BEDROCK.secretAccessKey, base_url: fake.baseUrl },
        verify: () => {
          const last = fake.received.at(-1);
          expect(last?.path).toBe('/model/anthropic.claude-3-5-sonnet-20241022-v2%3A0/invoke');
          expect(last?.headers.authorization).toMatch(new RegExp(`^AWS4-HMAC-SHA256 Credential=${BEDROCK.accessKeyId}/\\d{8}/${BEDROCK.region}/bedrock/`));
        },
        stop: () => fake.stop(),
      };
    },
  },
];
