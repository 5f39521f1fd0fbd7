import { describe, expect, it } from 'vitest';
import { adaptorRequest, upstreamTarget } from '../../../test/adaptor-request.js';
import { chunkedAnswer, jsonAnswer, scriptedIo } from '../../../test/scripted-io.js';
import { firstChoices, parseStreamPieces } from '../../../test/parsed-stream.js';
import type { AdaptorRequest } from '../adaptor.js';
import { replicateAdaptor } from './adaptor.js';

/** The stream bytes of reference providers.md 17, byte for byte. */
const RECORDED = 'event: output\nid: 1690212292:0\ndata: A single\n\nevent: output\nid: 1690212292:1\ndata:  white pixel.\n\nevent: done\nid: 1690212292:2\ndata: {}\n\n';
const CREATED = {
  id: 'gm3q',
  status: 'starting',
  output: null,
  urls: { get: 'https://api.replicate.com/v1/predictions/gm3q', stream: 'https://stream.replicate.com/v1/files/abc', cancel: 'https://api.replicate.com/v1/predictions/gm3q/cancel' },
};
const FINISHED = { ...CREATED, status: 'succeeded', output: ['A single', ' white pixel.'], metrics: { input_token_count: 20, output_token_count: 9 } };

const request = (body: object): AdaptorRequest =>
  adaptorRequest(upstreamTarget({ type: { id: 46 } as AdaptorRequest['target']['type'], key: 'r8_token', baseUrl: 'https://api.replicate.com/v1/models/' }), {
    model: 'meta/meta-llama-3-70b-instruct',
    stream: true,
    body: { messages: [{ role: 'user', content: 'hi' }], stream: true, ...body },
  });

/** Runs the whole stream path: create, follow urls.stream (in split chunks), re-frame, parse. */
async function streamThrough(streamChunks: string[], finished: object | undefined, body: object = {}) {
  const io = scriptedIo((call) => {
    if (call.method === 'POST') return jsonAnswer(201, CREATED);
    if (call.url === CREATED.urls.stream) return chunkedAnswer('text/event-stream', streamChunks);
    return finished ? jsonAnswer(200, finished) : jsonAnswer(500, { detail: 'down' });
  });
  const req = request(body);
  const response = await replicateAdaptor.exchange?.(replicateAdaptor.buildRequest(req), req, io);
  if (!response) throw new Error('no exchange');
  const parser = replicateAdaptor.streamParser?.(req);
  if (!parser) throw new Error('no parser');
  return { io, response, ...(await parseStreamPieces(parser, response.body)) };
}

describe('Replicate stream (reference providers.md 17)', () => {
  it('creates the prediction with stream true, follows urls.stream and turns the recorded events into chunks', async () => {
    const { io, response, events, forward, chunks } = await streamThrough([RECORDED.slice(0, 30), RECORDED.slice(30, 71), RECORDED.slice(71)], FINISHED, { stream_options: { include_usage: true } });
    expect(response.headers['content-type']).toBe('application/x-ndjson');
    expect(JSON.parse(String(io.calls[0]?.body))).toEqual({ input: { prompt: 'hi' }, stream: true });
    expect(io.calls[0]?.headers.authorization).toBe('Bearer r8_token');
    expect(io.calls[1]).toMatchObject({ method: 'GET', url: CREATED.urls.stream, headers: { accept: 'text/event-stream', authorization: 'Bearer r8_token' } });
    expect(firstChoices(chunks)).toEqual([
      { index: 0, delta: { role: 'assistant', content: 'A single' }, finish_reason: null },
      { index: 0, delta: { content: ' white pixel.' }, finish_reason: null },
      { index: 0, delta: {}, finish_reason: 'stop' },
      undefined,
    ]);
    expect(chunks.at(-1)).toMatchObject({ object: 'chat.completion.chunk', choices: [], usage: { prompt_tokens: 20, completion_tokens: 9, total_tokens: 29 } });
    expect(forward.filter((f) => f === '[DONE]')).toHaveLength(1);
    expect(events.map((e) => e.text).join('')).toBe('A single white pixel.');
    expect(events.find((e) => e.done)?.usage).toEqual({ promptTokens: 20, completionTokens: 9, totalTokens: 29 });
  });

  it('leaves usage to local counting when the finished prediction has no token metrics', async () => {
    const { events, chunks } = await streamThrough([RECORDED], undefined, { stream_options: { include_usage: true } });
    expect(events.find((e) => e.done)?.usage).toBeUndefined();
    expect(chunks.some((c) => c.usage)).toBe(false);
  });

  it('ends on an error event with an OpenAI error object', async () => {
    const { forward } = await streamThrough(['event: output\ndata: A\n\nevent: error\ndata: {"detail":"CUDA out of memory"}\n\n'], FINISHED);
    expect(JSON.parse(forward.at(-2) ?? '')).toEqual({ error: { message: 'CUDA out of memory', type: 'upstream_error', code: 'prediction_failed' } });
    expect(forward.at(-1)).toBe('[DONE]');
  });

  it('passes a refused stream URL on as the error answer', async () => {
    const io = scriptedIo((call) => (call.method === 'POST' ? jsonAnswer(201, CREATED) : jsonAnswer(401, { title: 'Unauthenticated', status: 401 })));
    const req = request({});
    const response = await replicateAdaptor.exchange?.(replicateAdaptor.buildRequest(req), req, io);
    expect(response?.statusCode).toBe(401);
  });

  it('streams the whole output of a prediction that has no urls.stream once it finished', async () => {
    const io = scriptedIo((call) => (call.method === 'POST' ? jsonAnswer(201, { ...CREATED, urls: { get: CREATED.urls.get } }) : jsonAnswer(200, FINISHED)));
    const req = request({});
    const response = await replicateAdaptor.exchange?.(replicateAdaptor.buildRequest(req), req, io);
    const parser = replicateAdaptor.streamParser?.(req);
    if (!response || !parser) throw new Error('no exchange or parser');
    const lines = (await response.body.text()).trim().split('\n');
    const events = lines.map((line) => parser.event(line));
    expect(events.map((e) => e.text).join('')).toBe('A single white pixel.');
    expect(events.at(-1)).toMatchObject({ done: true, usage: { promptTokens: 20, completionTokens: 9, totalTokens: 29 } });
  });
});
