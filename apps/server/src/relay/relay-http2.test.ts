import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeTlsUpstream, LOCALHOST_CERT_FILE, type FakeTlsUpstream } from '../../test/fake-tls-upstream.js';
import { relayFixture, type RelayFixture } from '../../test/relay-fixture.js';

const chat = { model: 'gpt-4o-mini', messages: [{ role: 'user' as const, content: 'hi' }] };

describe('upstreams over TLS: HTTP/2 and a private CA (RELAY_HTTP2, RELAY_CA_FILE)', () => {
  let upstream: FakeTlsUpstream;
  let f: RelayFixture;
  let key: string;

  beforeAll(async () => {
    upstream = await startFakeTlsUpstream({ http1: false, holdMs: 150 });
    f = await relayFixture('sqlite', { RELAY_CA_FILE: LOCALHOST_CERT_FILE });
    await f.addChannel({ name: 'h2', base_url: upstream.url, models: 'gpt-4o-mini' });
    key = await f.addKey(await f.addUser('h2user', 10_000_000));
  });
  afterAll(async () => {
    await f.close();
    await upstream.close();
  });

  it('relays answers and streams to an HTTP/2-only upstream, many calls sharing one connection', async () => {
    const client = f.client(key);
    // Until a connection has said it speaks HTTP/2, each call opens its own: one goes first.
    expect((await client.chat.completions.create(chat)).choices[0]?.message.content).toBe('over TLS');
    const answers = await Promise.all(Array.from({ length: 20 }, () => client.chat.completions.create(chat)));
    expect(answers.map((answer) => answer.choices[0]?.message.content)).toEqual(Array(20).fill('over TLS'));
    let text = '';
    for await (const part of await client.chat.completions.create({ ...chat, stream: true })) text += part.choices[0]?.delta.content ?? '';
    expect(text).toBe('over TLS');
    expect(upstream.versions).toEqual(Array(22).fill('2.0'));
    // 20 overlapping calls on one connection: HTTP/1.1 would have opened 20.
    expect(upstream.connections()).toBe(1);
    await f.flush();
    const logs = await f.ctx.db.selectFrom('logs').select(['prompt_tokens', 'completion_tokens']).where('type', '=', 2).execute();
    expect(logs).toHaveLength(22);
    expect(logs.every((log) => log.prompt_tokens === 5 && log.completion_tokens === 2)).toBe(true);
  });
});

describe('HTTP/2 off, and no CA file', () => {
  it('speaks HTTP/1.1 to a TLS upstream that takes both when RELAY_HTTP2=false', async () => {
    const upstream = await startFakeTlsUpstream({ http1: true });
    const f = await relayFixture('sqlite', { RELAY_CA_FILE: LOCALHOST_CERT_FILE, RELAY_HTTP2: 'false' });
    try {
      await f.addChannel({ name: 'h1', base_url: upstream.url, models: 'gpt-4o-mini' });
      const client = f.client(await f.addKey(await f.addUser('h1user', 10_000_000)));
      const answer = await client.chat.completions.create(chat);
      expect(answer.choices[0]?.message.content).toBe('over TLS');
      expect(upstream.versions).toEqual(['1.1']);
    } finally {
      await f.close();
      await upstream.close();
    }
  });

  it('refuses an upstream whose certificate no trusted CA signed, uncharged', async () => {
    const upstream = await startFakeTlsUpstream({ http1: true });
    const f = await relayFixture('sqlite');
    try {
      await f.addChannel({ name: 'untrusted', base_url: upstream.url, models: 'gpt-4o-mini' });
      const response = await fetch(`${f.url}/v1/chat/completions`, {
        method: 'POST',
        headers: { authorization: `Bearer sk-${await f.addKey(await f.addUser('nocauser', 10_000_000))}`, 'content-type': 'application/json' },
        body: JSON.stringify(chat),
      });
      expect(response.status).toBeGreaterThanOrEqual(500);
      expect(upstream.versions).toEqual([]);
      await f.flush();
      expect(await f.ctx.db.selectFrom('logs').select('id').where('type', '=', 2).execute()).toEqual([]);
    } finally {
      await f.close();
      await upstream.close();
    }
  });
});
