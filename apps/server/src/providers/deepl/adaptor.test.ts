import { channelType } from '@tollgate/contract';
import { describe, expect, it } from 'vitest';
import { adaptorRequest, upstreamTarget } from '../../../test/adaptor-request.js';
import type { AdaptorRequest, UpstreamHttpCall } from '../adaptor.js';
import { bufferedResponse } from '../upstream-response.js';
import { deeplAdaptor } from './adaptor.js';

const ANSWER = { translations: [{ detected_source_language: 'EN', text: '这张图片里有什么？' }] };

const request = (model: string, stream: boolean): AdaptorRequest =>
  adaptorRequest(upstreamTarget({ type: channelType(38)!, key: 'k:fx' }), { model, stream, body: { model, messages: [{ role: 'user', content: 'What is in this image?' }], stream } });

const ioAnswering = (status: number, body: unknown, calls: UpstreamHttpCall[] = []) => ({
  send: (call: UpstreamHttpCall) => {
    calls.push(call);
    return Promise.resolve(bufferedResponse(status, 'application/json', Buffer.from(JSON.stringify(body))));
  },
  signal: new AbortController().signal,
  timeoutMs: 0,
});

describe('DeepL adaptor (reference providers.md 15)', () => {
  it('posts to /v2/translate with the DeepL-Auth-Key header', () => {
    const built = deeplAdaptor.buildRequest(request('deepl-zh', false));
    expect(built.url).toBe('https://api-free.deepl.com/v2/translate');
    expect(built.headers.authorization).toBe('DeepL-Auth-Key k:fx');
    expect(JSON.parse(built.body.toString('utf8'))).toEqual({ text: ['What is in this image?'], target_lang: 'ZH' });
  });

  it('answers the translation as a chat completion', () => {
    const answer = deeplAdaptor.parseAnswer(request('deepl-zh', false), Buffer.from(JSON.stringify(ANSWER)), 'application/json');
    expect(JSON.parse(answer.body.toString('utf8'))).toMatchObject({ object: 'chat.completion', model: 'deepl-zh', choices: [{ index: 0, message: { role: 'assistant', content: '这张图片里有什么？' }, finish_reason: 'stop' }] });
    expect(answer.text).toBe('这张图片里有什么？');
  });

  it('serves a stream request with the whole translation as one chunk, a finish chunk and [DONE]', async () => {
    const req = request('deepl-zh', true);
    const response = await deeplAdaptor.exchange!(deeplAdaptor.buildRequest(req), req, ioAnswering(200, ANSWER));
    expect(response.headers['content-type']).toBe('text/event-stream');
    const payload = (await response.body.text()).replace(/^data: /, '').trim();
    const event = deeplAdaptor.streamParser!(req).event(payload);
    expect(event.done).toBe(true);
    expect(event.text).toBe('这张图片里有什么？');
    expect(event.forward.at(-1)).toBe('[DONE]');
    const chunks = event.forward.slice(0, -1).map((f) => JSON.parse(f) as { choices: { delta: unknown; finish_reason: unknown }[] });
    expect(chunks.map((c) => c.choices[0])).toEqual([
      { index: 0, delta: { role: 'assistant', content: '这张图片里有什么？' }, finish_reason: null },
      { index: 0, delta: {}, finish_reason: 'stop' },
    ]);
  });

  it('answers 456 as a 429 quota error, and refuses a model that names no language without a call', async () => {
    const req = request('deepl-zh', false);
    const quota = await deeplAdaptor.exchange!(deeplAdaptor.buildRequest(req), req, ioAnswering(456, { message: 'Quota Exceeded' }));
    expect(quota.statusCode).toBe(429);
    expect(deeplAdaptor.parseError!(429, await quota.body.text())).toEqual({ message: 'Quota Exceeded', type: 'insufficient_quota', code: 'insufficient_quota' });
    const calls: UpstreamHttpCall[] = [];
    const bad = request('gpt-4o', false);
    expect((await deeplAdaptor.exchange!(deeplAdaptor.buildRequest(bad), bad, ioAnswering(200, ANSWER, calls))).statusCode).toBe(400);
    expect(calls).toHaveLength(0);
  });
});
