import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { chunkFrame, converseFrame, exceptionFrame } from '../../../test/fake-bedrock.js';
import { parseStreamPieces } from '../../../test/parsed-stream.js';
import { bedrockAdaptor } from './adaptor.js';
import { bedrockRequest } from './adaptor-request.test-data.js';
import { eventStreamToNdjson } from './event-stream.js';

/** The Anthropic stream of reference providers.md 2.4, as Bedrock sends it: one event per frame. */
const CLAUDE_EVENTS: unknown[] = [
  { type: 'message_start', message: { model: 'claude-3-5-sonnet-20241022', id: 'msg_bdrk_01QC4g3HwBThD4BaNtBckFDJ', type: 'message', role: 'assistant', content: [], stop_reason: null, stop_sequence: null, usage: { input_tokens: 412, output_tokens: 1 } } },
  { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } },
  { type: 'ping' },
  { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: 'A single white pixel.' } },
  { type: 'content_block_stop', index: 0 },
  { type: 'content_block_start', index: 1, content_block: { type: 'tool_use', id: 'toolu_01KFbKqPYSuAKujiL6mTfzYA', name: 'get_weather', input: {} } },
  { type: 'content_block_delta', index: 1, delta: { type: 'input_json_delta', partial_json: '' } },
  { type: 'content_block_delta', index: 1, delta: { type: 'input_json_delta', partial_json: '{"city": "Paris"}' } },
  { type: 'content_block_stop', index: 1 },
  { type: 'message_delta', delta: { stop_reason: 'tool_use', stop_sequence: null }, usage: { output_tokens: 47 } },
  { type: 'message_stop', 'amazon-bedrock-invocationMetrics': { inputTokenCount: 412, outputTokenCount: 47, invocationLatency: 4151, firstByteLatency: 136 } },
];

/** The frames through the exchange's re-framing, the relay's NDJSON splitter and the adaptor's parser. */
async function streamThrough(model: string, frames: Buffer[], includeUsage = true) {
  const request = bedrockRequest({ model, messages: [{ role: 'user', content: 'hi' }], stream: true, ...(includeUsage ? { stream_options: { include_usage: true } } : {}) });
  const parser = bedrockAdaptor.streamParser?.(request);
  if (!parser) throw new Error('no stream parser');
  return parseStreamPieces(parser, Readable.from(frames).pipe(eventStreamToNdjson()));
}

describe('Bedrock answer conversion', () => {
  it('turns a Claude InvokeModel answer (Anthropic message) into a chat.completion with tool calls and usage', () => {
    const request = bedrockRequest({ model: 'claude-3-5-sonnet-20241022', messages: [] });
    const body = {
      id: 'msg_bdrk_01VdEjxAP5ahtHKrrRdNBteQ',
      type: 'message',
      role: 'assistant',
      model: 'claude-3-5-sonnet-20241022',
      content: [
        { type: 'text', text: 'A single white pixel. Checking Paris weather.' },
        { type: 'tool_use', id: 'toolu_01LRmxn9vGM1d2DZSDBowdZ1', name: 'get_weather', input: { city: 'Paris' } },
      ],
      stop_reason: 'tool_use',
      stop_sequence: null,
      usage: { input_tokens: 412, output_tokens: 64 },
    };
    const answer = bedrockAdaptor.parseAnswer(request, Buffer.from(JSON.stringify(body)), 'application/json');
    expect(JSON.parse(answer.body.toString('utf8'))).toMatchObject({
      id: 'msg_bdrk_01VdEjxAP5ahtHKrrRdNBteQ',
      object: 'chat.completion',
      model: 'claude-3-5-sonnet-20241022',
      choices: [
        {
          message: { role: 'assistant', content: 'A single white pixel. Checking Paris weather.', tool_calls: [{ id: 'toolu_01LRmxn9vGM1d2DZSDBowdZ1', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } }] },
          finish_reason: 'tool_calls',
        },
      ],
      usage: { prompt_tokens: 412, completion_tokens: 64, total_tokens: 476 },
    });
    expect(answer.usage).toEqual({ promptTokens: 412, completionTokens: 64, totalTokens: 476 });
  });

  it('turns a Llama 3 answer into a chat.completion', () => {
    const request = bedrockRequest({ model: 'llama3-8b-8192', messages: [] });
    const answer = bedrockAdaptor.parseAnswer(request, Buffer.from('{"generation":"Paris is sunny.","prompt_token_count":15,"generation_token_count":42,"stop_reason":"length"}'), 'application/json');
    expect(JSON.parse(answer.body.toString('utf8'))).toMatchObject({
      object: 'chat.completion',
      model: 'llama3-8b-8192',
      choices: [{ index: 0, message: { role: 'assistant', content: 'Paris is sunny.' }, finish_reason: 'length' }],
      usage: { prompt_tokens: 15, completion_tokens: 42, total_tokens: 57 },
    });
    expect(answer).toMatchObject({ usage: { promptTokens: 15, completionTokens: 42, totalTokens: 57 }, text: 'Paris is sunny.' });
  });
});

describe('Bedrock Converse answer conversion', () => {
  it('turns the recorded Converse answer (text and toolUse) into a chat.completion', () => {
    const request = bedrockRequest({ model: 'amazon.nova-lite-v1:0', messages: [] });
    const body = {
      metrics: { latencyMs: 1864 },
      output: { message: { role: 'assistant', content: [{ text: 'Listing.' }, { toolUse: { toolUseId: 'tool-use-id', name: 'bash', input: { command: 'ls -l' } } }] } },
      stopReason: 'tool_use',
      usage: { inputTokens: 22, outputTokens: 57, totalTokens: 79, cacheReadInputTokens: 0, cacheWriteInputTokens: 0 },
    };
    const answer = bedrockAdaptor.parseAnswer(request, Buffer.from(JSON.stringify(body)), 'application/json');
    expect(JSON.parse(answer.body.toString('utf8'))).toMatchObject({
      object: 'chat.completion',
      model: 'amazon.nova-lite-v1:0',
      choices: [{ message: { role: 'assistant', content: 'Listing.', tool_calls: [{ id: 'tool-use-id', type: 'function', function: { name: 'bash', arguments: '{"command":"ls -l"}' } }] }, finish_reason: 'tool_calls' }],
      usage: { prompt_tokens: 22, completion_tokens: 57, total_tokens: 79 },
    });
    expect(answer.usage).toEqual({ promptTokens: 22, completionTokens: 57, totalTokens: 79 });
  });

  it.each([
    ['max_tokens', 'length'],
    ['guardrail_intervened', 'content_filter'],
    ['content_filtered', 'content_filter'],
    ['stop_sequence', 'stop'],
  ])('maps stopReason %s to %s', (stopReason, finish) => {
    const request = bedrockRequest({ model: 'amazon.nova-lite-v1:0', messages: [] });
    const answer = bedrockAdaptor.parseAnswer(request, Buffer.from(JSON.stringify({ output: { message: { content: [{ text: 'x' }] } }, stopReason })), 'application/json');
    expect(JSON.parse(answer.body.toString('utf8'))).toMatchObject({ choices: [{ finish_reason: finish }] });
  });
});

describe('Bedrock stream conversion', () => {
  it('converts the recorded ConverseStream events, closing only once the stop and the usage both came', async () => {
    const frames = [
      converseFrame('messageStart', { role: 'assistant' }),
      converseFrame('contentBlockDelta', { contentBlockIndex: 0, delta: { text: 'Let' } }),
      converseFrame('contentBlockStop', { contentBlockIndex: 0 }),
      converseFrame('contentBlockStart', { contentBlockIndex: 1, start: { toolUse: { toolUseId: 'tooluse_1', name: 'get_weather' } } }),
      converseFrame('contentBlockDelta', { contentBlockIndex: 1, delta: { toolUse: { input: '{"city":' } } }),
      converseFrame('contentBlockDelta', { contentBlockIndex: 1, delta: { toolUse: { input: '"Paris"}' } } }),
      converseFrame('contentBlockStop', { contentBlockIndex: 1 }),
      converseFrame('messageStop', { stopReason: 'tool_use', additionalModelResponseFields: { delta: { stop_sequence: null } } }),
      converseFrame('metadata', { usage: { inputTokens: 22, outputTokens: 55, totalTokens: 77 }, metrics: { latencyMs: 2040 } }),
    ];
    const { events, forward, chunks } = await streamThrough('mistral.mistral-large-2402-v1:0', frames);
    expect(chunks.map((c) => (c.choices as { delta: unknown; finish_reason: unknown }[])[0])).toEqual([
      { index: 0, delta: { role: 'assistant', content: '' }, finish_reason: null },
      { index: 0, delta: { content: 'Let' }, finish_reason: null },
      { index: 0, delta: { tool_calls: [{ index: 0, id: 'tooluse_1', type: 'function', function: { name: 'get_weather', arguments: '' } }] }, finish_reason: null },
      { index: 0, delta: { tool_calls: [{ index: 0, function: { arguments: '{"city":' } }] }, finish_reason: null },
      { index: 0, delta: { tool_calls: [{ index: 0, function: { arguments: '"Paris"}' } }] }, finish_reason: null },
      { index: 0, delta: {}, finish_reason: 'tool_calls' },
      undefined,
    ]);
    expect(chunks.at(-1)).toMatchObject({ usage: { prompt_tokens: 22, completion_tokens: 55, total_tokens: 77 } });
    expect(forward.filter((f) => f === '[DONE]')).toHaveLength(1);
    expect(events.filter((e) => e.done)).toHaveLength(1);
    expect(events.find((e) => e.done)?.usage).toEqual({ promptTokens: 22, completionTokens: 55, totalTokens: 77 });
  });

  it('converts the Claude frames into OpenAI chunks with the tool call and usage, then [DONE]', async () => {
    const { events, forward, chunks } = await streamThrough('claude-3-5-sonnet-20241022', CLAUDE_EVENTS.map((event) => chunkFrame(event)));
    expect(chunks.map((c) => (c.choices as { delta: unknown; finish_reason: unknown }[])[0])).toEqual([
      { index: 0, delta: { role: 'assistant', content: '' }, finish_reason: null },
      { index: 0, delta: { content: 'A single white pixel.' }, finish_reason: null },
      { index: 0, delta: { tool_calls: [{ index: 0, id: 'toolu_01KFbKqPYSuAKujiL6mTfzYA', type: 'function', function: { name: 'get_weather', arguments: '' } }] }, finish_reason: null },
      { index: 0, delta: { tool_calls: [{ index: 0, function: { arguments: '{"city": "Paris"}' } }] }, finish_reason: null },
      { index: 0, delta: {}, finish_reason: 'tool_calls' },
      undefined,
    ]);
    expect(chunks.at(-1)).toMatchObject({ choices: [], usage: { prompt_tokens: 412, completion_tokens: 47, total_tokens: 459 } });
    expect(forward.at(-1)).toBe('[DONE]');
    expect(events.find((e) => e.done)?.usage).toEqual({ promptTokens: 412, completionTokens: 47, totalTokens: 459 });
  });

  it('bills a Claude stream from the invocation metrics when the Anthropic events counted nothing', async () => {
    const uncounted = CLAUDE_EVENTS.map((event) => JSON.parse(JSON.stringify(event, (key, value: unknown) => (key === 'usage' ? undefined : value))) as unknown);
    const { events } = await streamThrough('claude-3-5-sonnet-20241022', uncounted.map((event) => chunkFrame(event)), false);
    expect(events.find((e) => e.done)?.usage).toEqual({ promptTokens: 412, completionTokens: 47, totalTokens: 459 });
  });

  it('converts the Llama 3 chunks, with the metrics of the last one as usage', async () => {
    const frames = [
      { generation: 'Hi', prompt_token_count: 15, generation_token_count: 1, stop_reason: null },
      { generation: ' there', prompt_token_count: null, generation_token_count: 2, stop_reason: null },
      { generation: '', prompt_token_count: null, generation_token_count: 3, stop_reason: 'stop', 'amazon-bedrock-invocationMetrics': { inputTokenCount: 15, outputTokenCount: 3 } },
    ].map((event) => chunkFrame(event));
    const { events, forward, chunks } = await streamThrough('llama3-70b-8192', frames);
    expect(chunks.map((c) => (c.choices as { delta: unknown; finish_reason: unknown }[])[0])).toEqual([
      { index: 0, delta: { role: 'assistant', content: 'Hi' }, finish_reason: null },
      { index: 0, delta: { content: ' there' }, finish_reason: null },
      { index: 0, delta: {}, finish_reason: 'stop' },
      undefined,
    ]);
    expect(chunks[0]).toMatchObject({ object: 'chat.completion.chunk', model: 'llama3-70b-8192' });
    expect(chunks.at(-1)).toMatchObject({ usage: { prompt_tokens: 15, completion_tokens: 3, total_tokens: 18 } });
    expect(forward.filter((f) => f === '[DONE]')).toHaveLength(1);
    expect(events.map((e) => e.text).join('')).toBe('Hi there');
    expect(events.find((e) => e.done)?.usage).toEqual({ promptTokens: 15, completionTokens: 3, totalTokens: 18 });
  });

  it('ends the answer with an OpenAI error object on an exception frame, after the usage so far', async () => {
    const frames = [chunkFrame(CLAUDE_EVENTS[0]), chunkFrame(CLAUDE_EVENTS[3]), exceptionFrame('throttlingException', 'Too many requests'), chunkFrame(CLAUDE_EVENTS[10])];
    const { events, forward } = await streamThrough('claude-3-5-sonnet-20241022', frames);
    expect(JSON.parse(forward.at(-1) ?? '')).toEqual({ error: { message: 'ThrottlingException: Too many requests', type: 'rate_limit_error', code: 'rate_limit_exceeded' } });
    expect(forward).not.toContain('[DONE]');
    expect(events.filter((e) => e.done)).toHaveLength(1);
    expect(events.find((e) => e.done)?.usage).toEqual({ promptTokens: 412, completionTokens: 1, totalTokens: 413 });
  });
});
