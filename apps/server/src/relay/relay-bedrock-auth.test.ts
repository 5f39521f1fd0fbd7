import { describe, expect, it } from 'vitest';
import { chatError } from '../../test/chat-error.js';
import { readChatStream } from '../../test/chat-stream.js';
import { lastConsumeLog } from '../../test/consume-log.js';
import { databaseKinds } from '../../test/databases.js';
import { FakeBedrock } from '../../test/fake-bedrock.js';
import { providerSuite } from '../../test/provider-suite.js';

const CLAUDE = 'claude-3-5-sonnet-20241022';
const NOVA = 'amazon.nova-lite-v1:0';
/** Served only by channels whose credentials are wrong. */
const WRONG_TOKEN_MODEL = 'claude-3-haiku-20240307';
const WRONG_API_KEY_MODEL = 'claude-3-opus-20240229';
const CREDENTIALS = { accessKeyId: 'ASIAFAKETEMPORARY', secretAccessKey: 'fake/temporary+secret', region: 'eu-central-1', sessionToken: 'IQoJb3JpZ2luX2VjEFAKE//session+token=', apiKey: 'ABSKQmVkcm9ja0FQSUtleS1mYWtl' };

/**
 * The three forms a Bedrock channel key takes (issue 16): one-api's `AK|SK|Region` (covered by
 * relay-bedrock.test.ts), temporary credentials `AK|SK|Region|SessionToken` whose token is signed into the
 * SigV4 signature, and a Bedrock API key `APIKey|Region` sent as a bearer token, unsigned.
 */
describe.each(databaseKinds)('Bedrock channel credentials on %s', (kind) => {
  const suite = providerSuite(kind, {
    upstream: () => new FakeBedrock('bedrock', CREDENTIALS),
    modelRatio: { [CLAUDE]: 1, [NOVA]: 1, [WRONG_TOKEN_MODEL]: 1, [WRONG_API_KEY_MODEL]: 1 },
    channel: (upstream) => ({ type: 33, name: 'bedrock-sts', key: `${CREDENTIALS.accessKeyId}|${CREDENTIALS.secretAccessKey}|${CREDENTIALS.region}|${CREDENTIALS.sessionToken}`, base_url: upstream.baseUrl, models: CLAUDE }),
    username: 'bedrockauth',
  });

  it('signs temporary credentials with their session token, streamed and not, and bills the call', async () => {
    const answer = await suite.client().chat.completions.create({ model: CLAUDE, messages: [{ role: 'user', content: 'hi' }] });
    expect(answer.choices[0]?.message.content).toBe('Hello from bedrock');
    const sent = suite.upstream.received.at(-1);
    expect(sent?.headers['x-amz-security-token']).toBe(CREDENTIALS.sessionToken);
    expect(sent?.headers.authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=ASIAFAKETEMPORARY\/\d{8}\/eu-central-1\/bedrock\/aws4_request, SignedHeaders=[^,]*x-amz-security-token/);
    const stream = await suite.client().chat.completions.create({ model: CLAUDE, messages: [{ role: 'user', content: 'hi' }], stream: true });
    expect((await readChatStream(stream)).text).toBe('Hello from bedrock');
    await suite.f.flush();
    expect(await lastConsumeLog(suite.f)).toMatchObject({ model_name: CLAUDE, channel_id: suite.channelId, prompt_tokens: 14, completion_tokens: 7 });
  });

  it('sends a Bedrock API key as a bearer token, with no signature, to InvokeModel and Converse', async () => {
    const channelId = await suite.f.addChannel({ type: 33, name: 'bedrock-api-key', key: `${CREDENTIALS.apiKey}|${CREDENTIALS.region}`, base_url: suite.upstream.baseUrl, models: NOVA });
    const answer = await suite.client().chat.completions.create({ model: NOVA, messages: [{ role: 'user', content: 'hi' }] });
    expect(answer.choices[0]?.message.content).toBe('Hello from bedrock');
    const sent = suite.upstream.received.at(-1);
    expect(sent?.path).toBe('/model/amazon.nova-lite-v1%3A0/converse');
    expect(sent?.headers.authorization).toBe(`Bearer ${CREDENTIALS.apiKey}`);
    expect(sent?.headers['x-amz-date']).toBeUndefined();
    await suite.f.flush();
    expect(await lastConsumeLog(suite.f)).toMatchObject({ model_name: NOVA, channel_id: channelId, prompt_tokens: 9, completion_tokens: 4 });
  });

  it.each([
    ['a wrong session token', WRONG_TOKEN_MODEL, `${CREDENTIALS.accessKeyId}|${CREDENTIALS.secretAccessKey}|${CREDENTIALS.region}|expired-token`],
    ['a wrong API key', WRONG_API_KEY_MODEL, `ABSKwrong|${CREDENTIALS.region}`],
  ])('answers %s as an auth error', async (_case, model, key) => {
    await suite.f.addChannel({ type: 33, name: `bedrock-${model}`, key, base_url: suite.upstream.baseUrl, models: model });
    expect(await chatError(suite.client(), model)).toMatchObject({ status: 403, type: 'authentication_error', code: 'invalid_api_key' });
  });

  it('refuses a key in none of the forms with a message naming them, before any call', async () => {
    const calls = suite.upstream.received.length;
    await suite.f.addChannel({ type: 33, name: 'bedrock-malformed', key: 'only-one-part', base_url: suite.upstream.baseUrl, models: 'claude-2.1' });
    const error = (await chatError(suite.client(), 'claude-2.1')) as { status: number; message: string };
    expect(error.status).toBe(401);
    expect(error.message).toContain('AK|SK|Region, AK|SK|Region|SessionToken or APIKey|Region');
    expect(suite.upstream.received.length).toBe(calls);
  });
});
