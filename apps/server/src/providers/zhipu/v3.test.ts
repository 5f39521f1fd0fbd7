import { CHANNEL_TYPES } from '@tollgate/contract';
import { describe, expect, it } from 'vitest';
import { adaptorRequest, upstreamTarget } from '../../../test/adaptor-request.js';
import { classifyFailure } from '../../relay/upstream-call.js';
import { canonicalRequestWithToolTurn } from '../../../test/canonical-request.js';
import { chunkedAnswer, jsonAnswer, scriptedIo } from '../../../test/scripted-io.js';
import { firstChoices, parseStreamPieces } from '../../../test/parsed-stream.js';
import type { AdaptorRequest } from '../adaptor.js';
import { zhipuAdaptor } from './adaptor.js';

const type = CHANNEL_TYPES.find((t) => t.id === 16);
if (!type) throw new Error('channel type 16 missing');

/** The v3 stream bytes of reference providers.md 10.3, byte for byte (the finish data line ends with a space). */
const RECORDED =
  'id: 8313807536837492492\nevent: add\ndata: A single\n\nid: 8313807536837492492\nevent: add\ndata: white pixel.\n\n' +
  'id: 8313807536837492492\nevent: finish\ndata: \nmeta: {"task_status":"SUCCESS","usage":{"completion_tokens":9,"prompt_tokens":40,"total_tokens":49},"task_id":"8313807536837492492","request_id":"123"}\n\n';
const SYNC = { code: 200, msg: '操作成功', success: true, data: { request_id: '123', task_id: '8313807536837492492', task_status: 'SUCCESS', choices: [{ role: 'assistant', content: '" A single white pixel."' }], usage: { prompt_tokens: 40, completion_tokens: 9, total_tokens: 49 } } };

const request = (body: object, stream: boolean): AdaptorRequest =>
  adaptorRequest(upstreamTarget({ type, key: 'myid.mysecret', baseUrl: 'http://zhipu.test' }), { model: 'chatglm_turbo', stream, body: { ...body, stream } });

async function streamThrough(chunks: string[], body: object = {}) {
  const req = request({ messages: [{ role: 'user', content: 'hi' }], ...body }, true);
  const io = scriptedIo(() => chunkedAnswer('text/event-stream;charset=UTF-8', chunks));
  const response = await zhipuAdaptor.exchange?.(zhipuAdaptor.buildRequest(req), req, io);
  const parser = zhipuAdaptor.streamParser?.(req);
  if (!response || !parser) throw new Error('no exchange or parser');
  return { io, ...(await parseStreamPieces(parser, response.body)) };
}

describe('Zhipu legacy v3 (reference providers.md 10.3)', () => {
  it('converts a conversation into v3 prompt turns: system text before the first user turn, tool results as user text', () => {
    const built = zhipuAdaptor.buildRequest(request(canonicalRequestWithToolTurn('chatglm_turbo'), false));
    expect(built.url).toBe('http://zhipu.test/api/paas/v3/model-api/chatglm_turbo/invoke');
    expect(JSON.parse(built.body.toString())).toEqual({
      prompt: [
        { role: 'user', content: 'You are a concise assistant.\nWhat is in this image? Also get the weather in Paris.' },
        { role: 'assistant', content: '' },
        { role: 'user', content: '{"temp_c":18,"sky":"clear"}' },
      ],
      temperature: 0.7,
    });
    const streamed = zhipuAdaptor.buildRequest(request({ messages: [{ role: 'user', content: 'hi' }], top_p: 1.5 }, true));
    expect(streamed.url).toBe('http://zhipu.test/api/paas/v3/model-api/chatglm_turbo/sse-invoke');
    expect(JSON.parse(streamed.body.toString())).toEqual({ prompt: [{ role: 'user', content: 'hi' }], top_p: 1, incremental: true });
  });

  it('converts the sync answer, taking off the quotes around the content', () => {
    const req = request({ messages: [] }, false);
    const parsed = zhipuAdaptor.parseAnswer(req, Buffer.from(JSON.stringify(SYNC)), 'application/json');
    expect(JSON.parse(parsed.body.toString())).toMatchObject({ id: 'chatcmpl-123', object: 'chat.completion', model: 'chatglm_turbo', choices: [{ index: 0, message: { role: 'assistant', content: ' A single white pixel.' }, finish_reason: 'stop' }] });
    expect(parsed.usage).toEqual({ promptTokens: 40, completionTokens: 9, totalTokens: 49 });
    expect(zhipuAdaptor.answerError?.(req, Buffer.from(JSON.stringify(SYNC)))).toBeUndefined();
  });

  it.each([
    [1002, 'Authorization Token非法', 401, 'authentication_error', true],
    [1113, '余额不足', 429, 'insufficient_quota', true],
    [1302, '并发数过高', 429, 'rate_limit_error', false],
    [1214, '参数非法', 400, 'invalid_request_error', false],
  ])('reads the v3 error %i inside a 200 answer', (code, msg, status, type, disables) => {
    const refusal = zhipuAdaptor.answerError?.(request({ messages: [] }, false), Buffer.from(JSON.stringify({ code, msg, success: false })));
    expect(refusal).toMatchObject({ status, error: { message: msg, type } });
    if (refusal) expect(classifyFailure(refusal.status, refusal.error).disableChannel).toBe(disables);
  });

  it('re-frames the recorded stream (split across reads) into chunks, with the meta usage at the end', async () => {
    const { events, forward, chunks } = await streamThrough([RECORDED.slice(0, 40), RECORDED.slice(40, 130), RECORDED.slice(130)], { stream_options: { include_usage: true } });
    expect(firstChoices(chunks)).toEqual([
      { index: 0, delta: { role: 'assistant', content: ' A single' }, finish_reason: null },
      { index: 0, delta: { content: ' white pixel.' }, finish_reason: null },
      { index: 0, delta: {}, finish_reason: 'stop' },
      undefined,
    ]);
    expect(chunks.at(-1)).toMatchObject({ choices: [], usage: { prompt_tokens: 40, completion_tokens: 9, total_tokens: 49 } });
    expect(forward.filter((f) => f === '[DONE]')).toHaveLength(1);
    expect(events.map((e) => e.text).join('')).toBe(' A single white pixel.');
    expect(events.find((e) => e.done)?.usage).toEqual({ promptTokens: 40, completionTokens: 9, totalTokens: 49 });
  });

  it('keeps the line breaks of multi-line text and ends an error event with an OpenAI error', async () => {
    const { events, forward } = await streamThrough(['event: add\ndata:line one\ndata:line two\n\nevent: error\ndata: model overloaded\n\n']);
    expect(events[0]?.text).toBe('line one\nline two');
    expect(JSON.parse(forward.at(-2) ?? '')).toEqual({ error: { message: 'model overloaded', type: 'upstream_error', code: 'error' } });
  });

  it('leaves an error status or a JSON error body of a stream request to the relay', async () => {
    const req = request({ messages: [] }, true);
    const refused = await zhipuAdaptor.exchange?.(zhipuAdaptor.buildRequest(req), req, scriptedIo(() => jsonAnswer(200, { code: 1002, msg: 'bad token', success: false })));
    expect(refused?.headers['content-type']).toBe('application/json');
    expect(zhipuAdaptor.parseError?.(500, await refused?.body.text() ?? '')).toMatchObject({ type: 'authentication_error', message: 'bad token' });
  });
});
