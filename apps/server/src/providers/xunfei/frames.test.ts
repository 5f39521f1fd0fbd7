import { describe, expect, it } from 'vitest';
import { classifyFailure } from '../../relay/upstream-call.js';
import type { StreamEvent } from '../adaptor.js';
import { toChatCompletion } from './response.js';
import { sparkStreamParser } from './stream.js';
import { sparkFrameError, sparkHandshakeError } from './upstream-error.js';

/** Answer frames of reference providers.md 9.3, verbatim, and a function-call frame in one-api's shape. */
const FIRST =
  '{"header":{"code":0,"message":"Success","sid":"cht000cb087@dx18793cd421fb894542","status":0},"payload":{"choices":{"status":0,"seq":0,"text":[{"content":"A single","role":"assistant","index":0}]}}}';
const LAST =
  '{"header":{"code":0,"message":"Success","sid":"cht000cb087@dx18793cd421fb894542","status":2},"payload":{"choices":{"status":2,"seq":3,"text":[{"content":" white pixel.","role":"assistant","index":0}]},"usage":{"text":{"question_tokens":12,"prompt_tokens":40,"completion_tokens":9,"total_tokens":49}}}}';
const CALL =
  '{"header":{"code":0,"message":"Success","sid":"cht1","status":2},"payload":{"choices":{"status":2,"seq":0,"text":[{"content":"","role":"assistant","index":0,"function_call":{"name":"get_weather","arguments":"{\\"city\\":\\"Paris\\"}"}}]},"usage":{"text":{"question_tokens":30,"prompt_tokens":30,"completion_tokens":8,"total_tokens":38}}}}';
const errorFrame = (code: number, message: string) => JSON.stringify({ header: { code, message, sid: 'cht2', status: 2 } });

const ndjson = (...lines: string[]) => lines.map((line) => `${line}\n`).join('');

describe('Spark frames folded into one chat.completion', () => {
  it('joins the text, takes usage from the last frame and the sid as id', () => {
    expect(toChatCompletion(ndjson(FIRST, LAST), 'Spark-Max', 1700000000)).toEqual({
      id: 'chatcmpl-cht000cb087@dx18793cd421fb894542',
      object: 'chat.completion',
      created: 1700000000,
      model: 'Spark-Max',
      choices: [{ index: 0, message: { role: 'assistant', content: 'A single white pixel.' }, finish_reason: 'stop' }],
      usage: { prompt_tokens: 40, completion_tokens: 9, total_tokens: 49 },
    });
  });

  it('converts a function call into a tool call with a made-up id', () => {
    const completion = toChatCompletion(ndjson(CALL), 'Spark-Max', 1);
    expect(completion.choices[0]).toEqual({
      index: 0,
      message: { role: 'assistant', content: null, tool_calls: [{ id: expect.stringMatching(/^call_/) as unknown, type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } }] },
      finish_reason: 'tool_calls',
    });
  });

  it('ends with content_filter on a content-audit code', () => {
    expect(toChatCompletion(ndjson(FIRST, errorFrame(10014, 'output sensitive')), 'Spark-Max', 1).choices[0]).toMatchObject({ message: { content: 'A single' }, finish_reason: 'content_filter' });
  });
});

describe('Spark frames streamed as OpenAI chunks', () => {
  const run = (lines: string[], includeUsage: boolean) => {
    const parser = sparkStreamParser({ model: 'Spark-Max', created: 1, includeUsage });
    const events: StreamEvent[] = lines.map((line) => parser.event(line));
    const chunks = events.flatMap((event) => event.forward).filter((data) => data !== '[DONE]').map((data) => JSON.parse(data) as Record<string, unknown>);
    return { parser, events, chunks, forwarded: events.flatMap((event) => event.forward) };
  };

  it('streams the reference frames with a usage chunk when asked, and [DONE]', () => {
    const { events, chunks, forwarded } = run([FIRST, LAST], true);
    expect(chunks.map((chunk) => chunk.choices)).toEqual([
      [{ index: 0, delta: { role: 'assistant', content: 'A single' }, finish_reason: null }],
      [{ index: 0, delta: { content: ' white pixel.' }, finish_reason: null }],
      [{ index: 0, delta: {}, finish_reason: 'stop' }],
      [],
    ]);
    expect(chunks[0]).toMatchObject({ id: 'chatcmpl-cht000cb087@dx18793cd421fb894542', object: 'chat.completion.chunk', model: 'Spark-Max' });
    expect(chunks.at(-1)?.usage).toEqual({ prompt_tokens: 40, completion_tokens: 9, total_tokens: 49 });
    expect(forwarded.at(-1)).toBe('[DONE]');
    expect(events.map((event) => event.text).join('')).toBe('A single white pixel.');
    expect(events.at(-1)).toMatchObject({ done: true, usage: { promptTokens: 40, completionTokens: 9, totalTokens: 49 } });
  });

  it('streams a function call as one tool_call delta, finishing with tool_calls, without usage unasked', () => {
    const { chunks } = run([CALL], false);
    expect(chunks.map((chunk) => (chunk.choices as unknown[])[0])).toEqual([
      { index: 0, delta: { role: 'assistant', content: '', tool_calls: [{ index: 0, id: expect.stringMatching(/^call_/) as unknown, type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } }] }, finish_reason: null },
      { index: 0, delta: {}, finish_reason: 'tool_calls' },
    ]);
  });

  it('ends a stream with an error chunk on a later error frame, and with content_filter on an audit code', () => {
    const failed = run([FIRST, errorFrame(10012, 'engine error')], false);
    expect(failed.chunks.at(-1)).toEqual({ error: { message: 'Spark error 10012: engine error', type: 'server_error', code: 'server_error' } });
    expect(failed.events.at(-1)?.done).toBe(true);
    const filtered = run([FIRST, errorFrame(10013, 'input sensitive'), LAST], false);
    expect(filtered.chunks.map((chunk) => (chunk.choices as { finish_reason: unknown }[])[0]?.finish_reason)).toEqual([null, 'content_filter']);
  });
});

describe('Spark errors (reference providers.md 9.4 and 21.2)', () => {
  it.each([
    [11200, 'auth violation', 401, 'authentication_error', 'invalid_api_key', true, true],
    [11201, 'daily limit', 429, 'insufficient_quota', 'insufficient_quota', true, true],
    [11202, 'qps limit', 429, 'rate_limit_error', 'rate_limit_exceeded', true, false],
    [11203, 'concurrency limit', 429, 'rate_limit_error', 'rate_limit_exceeded', true, false],
    [10907, 'token too long', 400, 'invalid_request_error', 'context_length_exceeded', false, false],
    [10005, 'params error', 400, 'invalid_request_error', 'invalid_request', false, false],
    [10012, 'engine internal error', 500, 'server_error', 'server_error', true, false],
  ])('in-band %i (%s)', (code, message, status, type, openAICode, retryable, disables) => {
    const refusal = sparkFrameError(code, message);
    const failure = classifyFailure(refusal.status, refusal.error);
    expect(refusal.status).toBe(status);
    expect(refusal.error).toEqual({ message: `Spark error ${code}: ${message}`, type, code: openAICode });
    expect(failure.retryable).toBe(retryable);
    expect(failure.disableChannel).toBe(disables);
  });

  it.each([
    [401, '{"message":"HMAC signature cannot be verified"}', 'authentication_error', true],
    [403, '{"message":"HMAC signature does not conform to the specification"}', 'authentication_error', true],
    [429, 'Too Many Requests', 'rate_limit_error', false],
    [502, '', 'server_error', false],
  ])('handshake refused with %i', (status, body, type, disables) => {
    const refusal = sparkHandshakeError(status, body);
    expect(refusal).toMatchObject({ status, error: { type } });
    expect(refusal.error.message).toContain(`HTTP ${status}`);
    expect(classifyFailure(refusal.status, refusal.error).disableChannel).toBe(disables);
  });
});
