import { describe, expect, it } from 'vitest';
import { adaptorRequest, upstreamTarget } from '../../../test/adaptor-request.js';
import { jsonAnswer, scriptedIo } from '../../../test/scripted-io.js';
import type { AdaptorRequest, UpstreamHttpCall } from '../adaptor.js';
import { dashScopeAdaptor } from './adaptor.js';
import { toImageSynthesisRequest, toImagesResponse } from './images.js';

/** The task answers of reference providers.md 8.7. */
const CREATED = { output: { task_id: '86ecf553-d340-4e21-af6e-a0c6a421c010', task_status: 'PENDING' }, request_id: '5a1b' };
const RUNNING = { request_id: 'r', output: { task_id: CREATED.output.task_id, task_status: 'RUNNING', task_metrics: { TOTAL: 4, SUCCEEDED: 1, FAILED: 0 } } };
const SUCCEEDED = {
  request_id: '85eaba38-0185-99d7-8d16-4d9135238846',
  output: {
    task_id: CREATED.output.task_id,
    task_status: 'SUCCEEDED',
    submit_time: '2024-02-29 01:27:02.856',
    scheduled_time: '2024-02-29 01:27:02.911',
    end_time: '2024-02-29 01:27:32.081',
    results: [{ url: 'https://dashscope-result-bj.oss-cn-beijing.aliyuncs.com/1.png' }],
    task_metrics: { TOTAL: 1, SUCCEEDED: 1, FAILED: 0 },
  },
  usage: { image_count: 1 },
};
const FAILED = { request_id: 'r', output: { task_id: CREATED.output.task_id, task_status: 'FAILED', code: 'DataInspectionFailed', message: 'Output data may contain inappropriate content.' } };

const request = (body: object): AdaptorRequest =>
  adaptorRequest(upstreamTarget({ type: { id: 17, defaultBaseUrl: 'https://dashscope.aliyuncs.com' } as AdaptorRequest['target']['type'], key: 'sk-ds', baseUrl: 'http://ds.test/' }), { mode: 'images', model: 'wanx-v1', body });

async function run(polls: object[], options: { timeoutMs?: number; signal?: AbortSignal } = {}, created: object = CREATED) {
  let poll = 0;
  const io = scriptedIo((call: UpstreamHttpCall) => {
    if (call.method === 'POST') return jsonAnswer(200, created);
    const next = polls[Math.min(poll, polls.length - 1)];
    poll += 1;
    return jsonAnswer(200, next);
  }, options);
  const req = request({ model: 'wanx-v1', prompt: 'a cat', n: 1, size: '1024x1024' });
  const response = await dashScopeAdaptor.exchange?.(dashScopeAdaptor.buildRequest(req), req, io);
  if (!response) throw new Error('no exchange');
  return { io, req, response, text: await response.body.text() };
}

describe('DashScope image synthesis (reference providers.md 8.7)', () => {
  it('converts the request: size with *, n, ali-stable-diffusion names, negative prompt', () => {
    expect(toImageSynthesisRequest({ prompt: 'a cat', size: '1024x1024', n: 2, negative_prompt: 'dogs' }, 'wanx-v1')).toEqual({ model: 'wanx-v1', input: { prompt: 'a cat', negative_prompt: 'dogs' }, parameters: { size: '1024*1024', n: 2 } });
    expect(toImageSynthesisRequest({ prompt: 'x' }, 'ali-stable-diffusion-xl')).toEqual({ model: 'stable-diffusion-xl', input: { prompt: 'x' }, parameters: { n: 1 } });
  });

  it('creates the task asynchronously, polls it while pending and running, then answers the URLs', async () => {
    const { io, req, response, text } = await run([CREATED, RUNNING, SUCCEEDED]);
    expect(io.calls[0]).toMatchObject({ method: 'POST', url: 'http://ds.test/api/v1/services/aigc/text2image/image-synthesis', headers: { 'x-dashscope-async': 'enable', authorization: 'Bearer sk-ds' } });
    expect(JSON.parse(String(io.calls[0]?.body))).toEqual({ model: 'wanx-v1', input: { prompt: 'a cat' }, parameters: { size: '1024*1024', n: 1 } });
    expect(io.calls.slice(1).map((c) => `${c.method} ${c.url} ${c.headers.authorization}`)).toEqual(Array(3).fill(`GET http://ds.test/api/v1/tasks/${CREATED.output.task_id} Bearer sk-ds`));
    expect(response.statusCode).toBe(200);
    const parsed = dashScopeAdaptor.parseAnswer(req, Buffer.from(text), 'application/json');
    expect(JSON.parse(parsed.body.toString())).toEqual({ created: expect.any(Number) as unknown, data: [{ url: 'https://dashscope-result-bj.oss-cn-beijing.aliyuncs.com/1.png' }] });
  });

  it('answers a FAILED task with its code, classified by parseError', async () => {
    const { response, text } = await run([RUNNING, FAILED]);
    expect(response.statusCode).toBe(400);
    expect(dashScopeAdaptor.parseError?.(400, text)).toEqual({ message: 'Output data may contain inappropriate content.', type: 'invalid_request_error', code: 'content_filter' });
  });

  it('answers a task that succeeded without any image as an upstream fault', async () => {
    const partly = { ...SUCCEEDED, output: { ...SUCCEEDED.output, results: [{ code: 'InternalError.Timeout', message: 'An internal timeout error has occured.' }] } };
    const { response, text } = await run([partly]);
    expect(response.statusCode).toBe(500);
    expect(JSON.parse(text)).toMatchObject({ code: 'InternalError.Timeout', message: 'An internal timeout error has occured.' });
  });

  it('gives up with a 504 after RELAY_TIMEOUT', async () => {
    const { response, text } = await run([RUNNING], { timeoutMs: 300 });
    expect(response.statusCode).toBe(504);
    expect(dashScopeAdaptor.parseError?.(504, text)).toMatchObject({ type: 'server_error' });
  });

  it('stops polling when the client leaves', async () => {
    const controller = new AbortController();
    let polls = 0;
    // The client leaves while the first look at the task is answered: no look follows it.
    const io = scriptedIo(
      (call: UpstreamHttpCall) => {
        if (call.method === 'POST') return jsonAnswer(200, CREATED);
        polls += 1;
        controller.abort();
        return jsonAnswer(200, RUNNING);
      },
      { signal: controller.signal },
    );
    const req = request({ model: 'wanx-v1', prompt: 'a cat', n: 1, size: '1024x1024' });
    await expect(dashScopeAdaptor.exchange!(dashScopeAdaptor.buildRequest(req), req, io)).rejects.toThrow(/abort/i);
    expect(polls).toBe(1);
  });

  it('passes a refused creation on, and reads base64 results only when the upstream sends them', async () => {
    const io = scriptedIo(() => jsonAnswer(401, { code: 'InvalidApiKey', message: 'Invalid API-key provided.' }));
    const req = request({ prompt: 'a cat' });
    expect((await dashScopeAdaptor.exchange?.(dashScopeAdaptor.buildRequest(req), req, io))?.statusCode).toBe(401);
    expect(toImagesResponse({ output: { results: [{ url: 'https://x/1.png' }, { b64_image: 'iVBOR' }] } }, 1, true).data).toEqual([{ url: 'https://x/1.png' }, { b64_json: 'iVBOR' }]);
  });
});
