import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseLogOther, type LogOther } from '@tollgate/contract';
import { toFile } from 'openai';
import { databaseKinds } from '../../test/databases.js';
import { FakeOpenAI } from '../../test/fake-openai.js';
import { relayFixture, type RelayFixture } from '../../test/relay-fixture.js';

describe.each(databaseKinds)('images and audio through the official SDK on %s', (kind) => {
  let f: RelayFixture;
  let upstream: FakeOpenAI;
  let userId: number;
  let key: string;

  beforeAll(async () => {
    upstream = await new FakeOpenAI('media').start();
    f = await relayFixture(kind);
    await f.addChannel({ name: 'media', base_url: upstream.baseUrl, models: 'dall-e-2,dall-e-3,tts-1,whisper-1,whisper-large', model_mapping: '{"whisper-large":"whisper-1"}' });
    userId = await f.addUser('artist', 100_000_000);
    key = await f.addKey(userId);
  });
  afterAll(async () => {
    await f.close();
    await upstream.stop();
  });

  const lastLog = async () => {
    await f.flush();
    return f.ctx.db.selectFrom('logs').selectAll().where('user_id', '=', userId).where('type', '=', 2).orderBy('id', 'desc').executeTakeFirstOrThrow();
  };
  /** The log's breakdown, checked to add up to what the row charged: the lines' quotas, rounded up, are its quota. */
  const breakdownOf = (log: { quota: number; other: string | null }): LogOther => {
    const other = parseLogOther(log.other);
    expect(other.costs?.length).toBeGreaterThan(0);
    expect(Math.ceil(other.costs!.reduce((sum, line) => sum + line.quota, 0))).toBe(log.quota);
    return other;
  };

  it('generates images and charges int(ratio x size ratio x 1000) per image', async () => {
    const images = await f.client(key).images.generate({ model: 'dall-e-2', prompt: 'a gate', n: 2, size: '512x512' });
    expect(images.data).toHaveLength(2);
    const log = await lastLog();
    // dall-e-2: ratio 10, 512x512 costs 1.125: 11250 per image.
    expect(log).toMatchObject({ model_name: 'dall-e-2', quota: 22500, prompt_tokens: 0, completion_tokens: 0, content: 'model ratio 10.00, group ratio 1.00' });
    expect(breakdownOf(log)).toMatchObject({ model_ratio: 10, group_ratio: 1, image_size: '512x512', size_ratio: 1.125, costs: [{ kind: 'image', tokens: 2, ratio: 11250, quota: 22500 }] });
    await f.client(key).images.generate({ model: 'dall-e-3', prompt: 'a gate', size: '1024x1792', quality: 'hd' });
    const hd = await lastLog();
    expect(hd.quota).toBe(20 * 2 * 1.5 * 1000);
    expect(breakdownOf(hd)).toMatchObject({ image_size: '1024x1792', image_quality: 'hd', size_ratio: 3, costs: [{ kind: 'image', tokens: 1, ratio: 60_000, quota: 60_000 }] });
  });

  it('refuses image requests outside the model limits before reaching the upstream', async () => {
    const before = upstream.received.length;
    await expect(f.client(key).images.generate({ model: 'dall-e-3', prompt: 'a gate', n: 2 })).rejects.toMatchObject({ status: 400 });
    await expect(f.client(key).images.generate({ model: 'dall-e-2', prompt: 'a gate', size: '1792x1024' })).rejects.toMatchObject({ status: 400 });
    expect(upstream.received.length).toBe(before);
  });

  it('refuses a model that is not a text with a 400 naming the field, rather than serving the default model', async () => {
    const before = upstream.received.length;
    const post = (path: string, body: object) =>
      fetch(`${f.url}/v1/${path}`, { method: 'POST', headers: { authorization: `Bearer sk-${key}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
    for (const model of [{ name: 'dall-e-3' }, 3, ['dall-e-3'], true]) {
      for (const [path, body] of [['images/generations', { model, prompt: 'a gate' }], ['moderations', { model, input: 'hello' }]] as const) {
        const response = await post(path, body);
        expect({ path, model, status: response.status }).toEqual({ path, model, status: 400 });
        expect(await response.json()).toMatchObject({ error: { param: 'model', type: 'invalid_request_error', message: expect.stringContaining('model must be a string') } });
      }
    }
    expect(upstream.received.length).toBe(before);
    // An absent (or null) model still means the endpoint's default, as in one-api.
    expect((await post('images/generations', { model: null, prompt: 'a gate' })).status).toBe(200);
  });

  it('speaks text and charges per character', async () => {
    const speech = await f.client(key).audio.speech.create({ model: 'tts-1', voice: 'alloy', input: 'Hello world' });
    expect(Buffer.from(await speech.arrayBuffer()).toString()).toBe('ID3 fake mp3 of Hello world');
    const log = await lastLog();
    // tts-1: ratio 7.5 per character; 11 characters.
    expect(log).toMatchObject({ model_name: 'tts-1', quota: Math.ceil(11 * 7.5), prompt_tokens: 11, content: 'model ratio 7.50, group ratio 1.00' });
    expect(breakdownOf(log).costs).toEqual([{ kind: 'character', tokens: 11, ratio: 7.5, quota: 82.5 }]);
  });

  it('transcribes and translates uploads, charging the transcript tokens, with the mapped model', async () => {
    const file = await toFile(Buffer.from('RIFF fake wav'), 'speech.wav', { type: 'audio/wav' });
    const transcript = await f.client(key).audio.transcriptions.create({ model: 'whisper-large', file });
    expect(transcript.text).toBe('transcript from media');
    expect(upstream.received.at(-1)?.body).toContain('name="model"\r\n\r\nwhisper-1\r\n');
    expect(upstream.received.at(-1)?.body).toContain('RIFF fake wav');
    const log = await lastLog();
    // "transcript from media" is 4 tokens (cl100k); whisper-1 ratio 15.
    expect(log).toMatchObject({ model_name: 'whisper-1', completion_tokens: 4, quota: 60, content: 'model ratio 15.00, group ratio 1.00' });
    expect(breakdownOf(log).costs).toEqual([{ kind: 'transcript', tokens: 4, ratio: 15, quota: 60 }]);

    const srt = await f.client(key).audio.translations.create({ model: 'whisper-1', file: await toFile(Buffer.from('x'), 'a.mp3'), response_format: 'srt' });
    expect(String(srt)).toContain('transcript from media');
    expect((await lastLog()).completion_tokens).toBe(4);
  });

  it('gives cost lines that add up to the charge at a fractional group ratio', async () => {
    await f.ctx.options.set('GroupRatio', JSON.stringify({ default: 0.37 }));
    try {
      await f.client(key).images.generate({ model: 'dall-e-2', prompt: 'a gate', n: 3, size: '256x256' });
      const image = await lastLog();
      // int(10 x 0.37 x 1 x 1000) = 3700 per image.
      expect(image.quota).toBe(3 * 3700);
      expect(breakdownOf(image)).toMatchObject({ group_ratio: 0.37, costs: [{ kind: 'image', tokens: 3, ratio: 10_000, quota: 11_100 }] });
      await f.client(key).audio.speech.create({ model: 'tts-1', voice: 'alloy', input: 'Seven words are spoken here, said she.' });
      const speech = await lastLog();
      // 38 characters x 7.5 x 0.37 = 105.45, rounded up.
      expect(speech.quota).toBe(106);
      expect(breakdownOf(speech).costs).toEqual([{ kind: 'character', tokens: 38, ratio: 7.5, quota: 105.45 }]);
    } finally {
      await f.ctx.options.set('GroupRatio', JSON.stringify({ default: 1, vip: 1, svip: 1 }));
    }
  });
});
