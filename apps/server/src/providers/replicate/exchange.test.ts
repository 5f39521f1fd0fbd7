import { describe, expect, it } from 'vitest';
import { adaptorRequest, upstreamTarget } from '../../../test/adaptor-request.js';
import { jsonAnswer, scriptedIo } from '../../../test/scripted-io.js';
import type { AdaptorRequest, UpstreamHttpCall } from '../adaptor.js';
import { replicateAdaptor } from './adaptor.js';

const URLS = { get: 'https://api.replicate.com/v1/predictions/p1', stream: 'https://stream.replicate.com/v1/files/p1', cancel: 'https://api.replicate.com/v1/predictions/p1/cancel' };
const prediction = (status: string, extra: object = {}) => ({ id: 'p1', status, output: null, error: null, urls: URLS, ...extra });

const request = (mode: 'chat' | 'images', body: object): AdaptorRequest =>
  adaptorRequest(upstreamTarget({ type: { id: 46 } as AdaptorRequest['target']['type'], key: 'r8_token', baseUrl: 'http://replicate.test' }), {
    mode,
    model: mode === 'chat' ? 'meta/meta-llama-3-8b-instruct' : 'black-forest-labs/flux-schnell',
    body,
  });

/** Create answers `starting`; each poll answers the next of `polls`. */
async function run(mode: 'chat' | 'images', body: object, polls: object[], options: { timeoutMs?: number; signal?: AbortSignal } = {}) {
  let poll = 0;
  const io = scriptedIo((call: UpstreamHttpCall) => {
    if (call.method === 'POST' && call.url !== URLS.cancel) return jsonAnswer(201, prediction('starting'));
    if (call.url === URLS.cancel) return jsonAnswer(200, prediction('canceled'));
    const next = polls[Math.min(poll, polls.length - 1)];
    poll += 1;
    return jsonAnswer(200, next);
  }, options);
  const req = request(mode, body);
  const response = await replicateAdaptor.exchange?.(replicateAdaptor.buildRequest(req), req, io);
  if (!response) throw new Error('no exchange');
  return { io, req, response, text: await response.body.text() };
}

describe('Replicate prediction polling (non-stream)', () => {
  it('polls urls.get while starting and processing, then converts the succeeded prediction', async () => {
    const done = prediction('succeeded', { output: ['Hello', ' there'], metrics: { input_token_count: 5, output_token_count: 2 } });
    const { io, req, response, text } = await run('chat', { messages: [{ role: 'user', content: 'hi' }] }, [prediction('starting'), prediction('processing'), done]);
    expect(io.calls.map((c) => `${c.method} ${c.url}`)).toEqual(['POST http://replicate.test/v1/models/meta/meta-llama-3-8b-instruct/predictions', `GET ${URLS.get}`, `GET ${URLS.get}`, `GET ${URLS.get}`]);
    expect(io.calls[1]?.headers.authorization).toBe('Bearer r8_token');
    expect(response.statusCode).toBe(200);
    const parsed = replicateAdaptor.parseAnswer(req, Buffer.from(text), 'application/json');
    expect(JSON.parse(parsed.body.toString())).toMatchObject({ object: 'chat.completion', choices: [{ message: { content: 'Hello there' }, finish_reason: 'stop' }] });
    expect(parsed.usage).toEqual({ promptTokens: 5, completionTokens: 2, totalTokens: 7 });
  });

  it('answers a failed prediction as an upstream error carrying its message', async () => {
    const { response, text } = await run('chat', { messages: [] }, [prediction('processing'), prediction('failed', { error: 'CUDA out of memory' })]);
    expect(response.statusCode).toBe(500);
    expect(replicateAdaptor.parseError?.(500, text)).toEqual({ message: 'CUDA out of memory', type: 'server_error', code: 'server_error' });
  });

  it('answers a canceled prediction as an upstream error', async () => {
    const { response, text } = await run('chat', { messages: [] }, [prediction('canceled')]);
    expect(response.statusCode).toBe(500);
    expect(replicateAdaptor.parseError?.(500, text).message).toBe('the prediction was canceled');
  });

  it('gives up after RELAY_TIMEOUT with a 504 and cancels the prediction', async () => {
    const { io, response } = await run('chat', { messages: [] }, [prediction('processing')], { timeoutMs: 300 });
    expect(response.statusCode).toBe(504);
    expect(io.calls.at(-1)).toMatchObject({ method: 'POST', url: URLS.cancel });
  });

  it('stops polling when the client leaves', async () => {
    const controller = new AbortController();
    // The client leaves while the first look at the prediction is answered: no look follows it.
    const io = scriptedIo(
      (call: UpstreamHttpCall) => {
        if (call.method === 'POST') return jsonAnswer(201, prediction('starting'));
        controller.abort();
        return jsonAnswer(200, prediction('processing'));
      },
      { signal: controller.signal },
    );
    const req = request('chat', { messages: [] });
    await expect(replicateAdaptor.exchange!(replicateAdaptor.buildRequest(req), req, io)).rejects.toThrow(/abort/i);
    expect(io.calls.filter((call) => call.url === URLS.get)).toHaveLength(1);
  });

  it('passes a refused creation on as is, for parseError', async () => {
    const io = scriptedIo(() => jsonAnswer(402, { title: 'Payment required', detail: 'You have insufficient credit', status: 402 }));
    const req = request('chat', { messages: [] });
    const response = await replicateAdaptor.exchange?.(replicateAdaptor.buildRequest(req), req, io);
    expect(response?.statusCode).toBe(402);
    expect(io.calls).toHaveLength(1);
  });

  it('polls an image prediction to completion and answers its URLs in OpenAI images shape', async () => {
    const done = prediction('succeeded', { output: ['https://replicate.delivery/out-0.webp'] });
    const { io, req, text } = await run('images', { model: 'flux', prompt: 'a cat', size: '1024x1024' }, [prediction('processing'), done]);
    expect(JSON.parse(String(io.calls[0]?.body))).toEqual({ input: { prompt: 'a cat', aspect_ratio: '1:1' } });
    const parsed = replicateAdaptor.parseAnswer(req, Buffer.from(text), 'application/json');
    expect(JSON.parse(parsed.body.toString())).toMatchObject({ data: [{ url: 'https://replicate.delivery/out-0.webp' }] });
  });
});
