import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeVertex, serviceAccountKey } from '../../../test/fake-vertex.js';
import { cachedVertexToken, ensureVertexToken, forgetVertexToken } from './access-token.js';

describe('Vertex AI access token (reference providers.md 4.1)', () => {
  let fake: FakeVertex;

  beforeAll(async () => {
    fake = await new FakeVertex().start();
  });
  afterAll(async () => {
    await fake.stop();
  });

  it("exchanges a signed JWT at the key's token_uri once for many requests, and caches the token", async () => {
    const key = fake.newKey('once@test-project.iam.gserviceaccount.com');
    const before = fake.tokenExchanges;
    const refusals = await Promise.all(Array.from({ length: 5 }, () => ensureVertexToken(key)));
    expect(refusals).toEqual([undefined, undefined, undefined, undefined, undefined]);
    expect(await ensureVertexToken(key, Date.now() + 60_000)).toBeUndefined();
    expect(fake.tokenExchanges - before).toBe(1);

    const exchange = fake.received.filter((r) => r.path === '/token').at(-1);
    expect(exchange?.headers['content-type']).toMatch(/^application\/x-www-form-urlencoded/);
    const form = new URLSearchParams(exchange?.body);
    expect(form.get('grant_type')).toBe('urn:ietf:params:oauth:grant-type:jwt-bearer');
    const claims = JSON.parse(Buffer.from(form.get('assertion')?.split('.')[1] ?? '', 'base64url').toString('utf8')) as Record<string, unknown>;
    expect(claims).toMatchObject({ iss: 'once@test-project.iam.gserviceaccount.com', scope: 'https://www.googleapis.com/auth/cloud-platform', aud: fake.tokenUri });
    expect(cachedVertexToken(key)).toMatch(/^ya29\.fake-\d+$/);
  });

  it('exchanges again once the token is within five minutes of expiry, or was forgotten', async () => {
    const key = fake.newKey('renew@test-project.iam.gserviceaccount.com');
    const before = fake.tokenExchanges;
    await ensureVertexToken(key);
    const first = cachedVertexToken(key);
    await ensureVertexToken(key, Date.now() + 54 * 60_000);
    expect(fake.tokenExchanges - before).toBe(1);
    await ensureVertexToken(key, Date.now() + 56 * 60_000);
    expect(fake.tokenExchanges - before).toBe(2);
    forgetVertexToken(key);
    await ensureVertexToken(key);
    expect(fake.tokenExchanges - before).toBe(3);
    expect(cachedVertexToken(key)).not.toBe(first);
  });

  it('refuses a key the token endpoint does not trust as an auth failure (401)', async () => {
    const stranger = serviceAccountKey(fake.tokenUri, 'stranger@test-project.iam.gserviceaccount.com').json;
    expect(await ensureVertexToken(stranger)).toEqual({
      status: 401,
      error: { message: expect.stringContaining('invalid_grant') as unknown, type: 'authentication_error', code: 'invalid_api_key' },
    });
    expect(cachedVertexToken(stranger)).toBeUndefined();
  });

  it.each([
    ['not JSON', 'not json', 'not valid JSON'],
    ['no private key', JSON.stringify({ client_email: 'a@b.c' }), 'need client_email and private_key'],
    ['a broken PEM', JSON.stringify({ client_email: 'a@b.c', private_key: '-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----\n' }), 'not a readable PEM'],
  ])('refuses %s before any network call', async (_case, credentials, message) => {
    const before = fake.tokenExchanges;
    const refused = await ensureVertexToken(credentials);
    expect(refused).toMatchObject({ status: 401, error: { type: 'authentication_error', message: expect.stringContaining(message) as unknown } });
    expect(fake.tokenExchanges).toBe(before);
  });

  it('answers an unreachable token endpoint as an upstream failure (502), which keeps the channel', async () => {
    const key = serviceAccountKey('http://127.0.0.1:9/token').json;
    expect(await ensureVertexToken(key)).toMatchObject({ status: 502, error: { type: 'upstream_error', code: 'token_exchange_failed' } });
  });
});
