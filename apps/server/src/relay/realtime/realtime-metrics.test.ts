import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../../test/eventually.js';
import { FakeRealtime } from '../../../test/fake-realtime.js';
import { relayFixture, type RelayFixture } from '../../../test/relay-fixture.js';

const TOKEN = 'metrics-token-for-tests';
const USAGE = { total_tokens: 3, input_tokens: 2, output_tokens: 1, input_token_details: { text_tokens: 2, audio_tokens: 0, cached_tokens: 0, cached_tokens_details: { text_tokens: 0, audio_tokens: 0 } }, output_token_details: { text_tokens: 1, audio_tokens: 0 } };

/** Realtime's series in /metrics: sessions open, sessions ended by outcome, responses and transcriptions billed. */
describe('Realtime metrics', () => {
  let f: RelayFixture;
  let key: string;
  const upstream = new FakeRealtime();

  beforeAll(async () => {
    await upstream.start();
    upstream.behaviour = { usages: [USAGE], transcriptions: [{ type: 'duration', seconds: 3 }] };
    f = await relayFixture('sqlite', { METRICS_ENABLED: 'true', METRICS_TOKEN: TOKEN });
    await f.ctx.options.set('ModelRatio', JSON.stringify({ 'rt-metered': 1 }));
    await f.addChannel({ type: 1, name: 'openai', key: 'upstream-key', base_url: upstream.baseUrl, models: 'rt-metered' });
    key = await f.addKey(await f.addUser('rtmetrics', 1_000_000));
  });
  afterAll(async () => {
    await f?.close();
    await upstream.stop();
  });

  const scrape = async () => (await fetch(`${f.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })).text();
  const metric = (text: string, series: string) => Number(new RegExp(`^${series.replace(/[{}]/g, '\\$&')} (\\S+)$`, 'm').exec(text)?.[1] ?? Number.NaN);
  const open = (model: string, auth = `Bearer sk-${key}`) => new WebSocket(`${f.url.replace('http', 'ws')}/v1/realtime?model=${model}`, { headers: { authorization: auth } });

  it('counts the open session, what it billed and how sessions ended', async () => {
    const socket = open('rt-metered');
    const types: string[] = [];
    socket.on('message', (data: Buffer) => types.push((JSON.parse(data.toString()) as { type: string }).type));
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
    await eventually(async () => metric(await scrape(), 'tollgate_realtime_sessions_open') === 1);
    socket.send(JSON.stringify({ type: 'session.update', session: { input_audio_transcription: { model: 'whisper-1' } } }));
    await eventually(() => types.includes('session.updated'));
    socket.send(JSON.stringify({ type: 'input_audio_buffer.commit' }));
    socket.send(JSON.stringify({ type: 'response.create' }));
    await eventually(async () => {
      const text = await scrape();
      return metric(text, 'tollgate_realtime_responses_billed_total') === 1 && metric(text, 'tollgate_realtime_transcriptions_billed_total') === 1;
    });
    socket.close(1000);
    // A bad key is refused at the handshake.
    const refused = open('rt-metered', 'Bearer sk-not-a-key');
    await new Promise((resolve) => refused.once('unexpected-response', resolve));
    await eventually(async () => {
      const text = await scrape();
      return metric(text, 'tollgate_realtime_sessions_open') === 0 && metric(text, 'tollgate_realtime_sessions_total{outcome="completed"}') === 1 && metric(text, 'tollgate_realtime_sessions_total{outcome="refused"}') === 1;
    });
  });

  it('counts a client that left while its upstream session was being opened, and bills it nothing', async () => {
    upstream.behaviour = { ...upstream.behaviour, handshakeDelayMs: 400 };
    const seen = upstream.handshakes.length;
    const quotaOf = async () => Number((await f.ctx.db.selectFrom('users').select('quota').where('username', '=', 'rtmetrics').executeTakeFirstOrThrow()).quota);
    await f.flush();
    const before = await quotaOf();
    const leaving = open('rt-metered');
    leaving.on('error', () => undefined);
    await eventually(() => upstream.handshakes.length > seen);
    leaving.terminate();
    await eventually(async () => metric(await scrape(), 'tollgate_realtime_sessions_total{outcome="client_left"}') === 1);
    expect(metric(await scrape(), 'tollgate_realtime_sessions_open')).toBe(0);
    await eventually(async () => {
      await f.flush();
      return (await quotaOf()) === before;
    });
    await eventually(() => upstream.openSockets === 0);
    upstream.behaviour = { ...upstream.behaviour, handshakeDelayMs: 0 };
  });
});
