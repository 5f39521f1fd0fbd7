import { LogType } from '@tollgate/contract';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from '../../../test/databases.js';
import { eventually } from '../../../test/eventually.js';
import { FakeRealtime } from '../../../test/fake-realtime.js';
import { relayFixture, type RelayFixture } from '../../../test/relay-fixture.js';
import { sessionTranscriptionModel, transcriptionUsage } from './realtime-transcription.js';

const frame = (event: unknown) => Buffer.from(JSON.stringify(event));

describe('reading a Realtime input transcription', () => {
  it('reads token usage (audio input apart) and duration usage, and nothing else', () => {
    const tokens = { type: 'conversation.item.input_audio_transcription.completed', usage: { type: 'tokens', input_tokens: 30, output_tokens: 7, total_tokens: 37, input_token_details: { text_tokens: 4, audio_tokens: 26 } } };
    expect(transcriptionUsage(frame(tokens))).toEqual({ tokens: { promptTokens: 30, completionTokens: 7, audioInputTokens: 26 } });
    expect(transcriptionUsage(frame({ type: 'conversation.item.input_audio_transcription.completed', usage: { type: 'duration', seconds: 4.5 } }))).toEqual({ seconds: 4.5 });
    expect(transcriptionUsage(frame({ type: 'conversation.item.input_audio_transcription.completed', transcript: 'no usage' }))).toBeUndefined();
    expect(transcriptionUsage(frame({ type: 'response.text.delta', delta: '"conversation.item.input_audio_transcription.completed"' }))).toBeUndefined();
  });

  it("reads the session's transcription model in the beta and the GA shapes, and when it is off", () => {
    expect(sessionTranscriptionModel(frame({ type: 'session.created', session: { input_audio_transcription: { model: 'whisper-1' } } }))).toBe('whisper-1');
    expect(sessionTranscriptionModel(frame({ type: 'session.updated', session: { audio: { input: { transcription: { model: 'gpt-4o-transcribe' } } } } }))).toBe('gpt-4o-transcribe');
    expect(sessionTranscriptionModel(frame({ type: 'session.updated', session: { input_audio_transcription: null } }))).toBeNull();
    expect(sessionTranscriptionModel(frame({ type: 'session.created', session: { id: 'sess' } }))).toBeUndefined();
    expect(sessionTranscriptionModel(frame({ type: 'response.done' }))).toBeUndefined();
  });
});

/** The transcription model's prices for the test: ratio 3, completion ratio 2, audio input ratio 5. */
const TOKENS_USAGE = { type: 'tokens', input_tokens: 30, output_tokens: 7, total_tokens: 37, input_token_details: { text_tokens: 4, audio_tokens: 26 } };
// (4 text + 26 audio x 5 + 7 output x 2) x 3
const TOKENS_QUOTA = (4 + 130 + 14) * 3;
/** 45 seconds of whisper-1: 150 transcript tokens (200 a minute) at its ratio 15. */
const DURATION_QUOTA = 150 * 15;

describe.each(databaseKinds)('Realtime input transcriptions billed on %s', (kind) => {
  let f: RelayFixture;
  let userId: number;
  let key: string;
  let channel: number;
  const upstream = new FakeRealtime();

  beforeAll(async () => {
    await upstream.start();
    upstream.behaviour = { transcriptions: [TOKENS_USAGE, { type: 'duration', seconds: 45 }] };
    f = await relayFixture(kind);
    await f.ctx.options.set('ModelRatio', JSON.stringify({ 'rt-model': 1, 'tr-tokens': 3 }));
    await f.ctx.options.set('CompletionRatio', JSON.stringify({ 'tr-tokens': 2 }));
    await f.ctx.options.set('AudioInputRatio', JSON.stringify({ 'tr-tokens': 5 }));
    channel = await f.addChannel({ type: 1, name: 'openai', key: 'upstream-key', base_url: upstream.baseUrl, models: 'rt-model' });
    userId = await f.addUser('transcribed', 1_000_000);
    key = await f.addKey(userId, { limits: { rpm_limit: 0, tpm_limit: 100_000, concurrency_limit: 0 } });
  });
  afterAll(async () => {
    await f?.close();
    await upstream.stop();
  });

  it('bills each completed transcription as its own row at the session’s transcription model, tokens or duration', async () => {
    const socket = new WebSocket(`${f.url.replace('http', 'ws')}/v1/realtime?model=rt-model`, { headers: { authorization: `Bearer sk-${key}` } });
    const events: string[] = [];
    socket.on('message', (data: Buffer) => events.push(JSON.parse(data.toString()).type as string));
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
    const count = (type: string) => events.filter((event) => event === type).length;
    socket.send(JSON.stringify({ type: 'session.update', session: { input_audio_transcription: { model: 'tr-tokens' } } }));
    await eventually(() => count('session.updated') === 1);
    socket.send(JSON.stringify({ type: 'input_audio_buffer.commit' }));
    await eventually(() => count('conversation.item.input_audio_transcription.completed') === 1);
    socket.send(JSON.stringify({ type: 'session.update', session: { input_audio_transcription: { model: 'whisper-1' } } }));
    await eventually(() => count('session.updated') === 2);
    socket.send(JSON.stringify({ type: 'input_audio_buffer.commit' }));
    await eventually(() => count('conversation.item.input_audio_transcription.completed') === 2);
    // Transcription off: a transcription event (none would come) is not billed to a model the session dropped.
    socket.send(JSON.stringify({ type: 'session.update', session: { input_audio_transcription: null } }));
    await eventually(() => count('session.updated') === 3);
    socket.send(JSON.stringify({ type: 'input_audio_buffer.commit' }));
    await eventually(() => count('conversation.item.input_audio_transcription.completed') === 3);
    socket.close(1000);
    await eventually(() => upstream.openSockets === 0);

    const rows = await eventually(async () => {
      await f.flush();
      const found = await f.ctx.db.selectFrom('logs').selectAll().where('type', '=', LogType.Consume).where('user_id', '=', userId).orderBy('id', 'asc').execute();
      return found.length === 2 && found;
    });
    expect(rows.map((row) => [row.model_name, row.quota, row.prompt_tokens, row.completion_tokens, row.channel_id])).toEqual([
      ['tr-tokens', TOKENS_QUOTA, 30, 7, channel],
      ['whisper-1', DURATION_QUOTA, 0, 150, channel],
    ]);
    // Both charged, and the session's hold given back: the balance went down by the two rows alone.
    await eventually(async () => {
      await f.flush();
      const { quota } = await f.ctx.db.selectFrom('users').select('quota').where('id', '=', userId).executeTakeFirstOrThrow();
      expect(Number(quota)).toBe(1_000_000 - TOKENS_QUOTA - DURATION_QUOTA);
    });
    // Both count toward the key's tokens per minute: 37 tokens reported, and 150 for 45 seconds.
    const { id: tokenId } = await f.ctx.db.selectFrom('tokens').select('id').where('key', '=', key).executeTakeFirstOrThrow();
    const login = await f.app.inject({ method: 'POST', url: '/api/user/login', payload: { username: 'transcribed', password: 'password123' } });
    const cookie = login.cookies.find((c) => c.name === 'session');
    const limits = await f.app.inject({ method: 'GET', url: `/api/token/${tokenId}/limits`, headers: { cookie: `session=${cookie?.value}` } });
    expect(limits.json().data.tokens).toEqual({ limit: 100_000, used: 37 + 150 });
  });
});
