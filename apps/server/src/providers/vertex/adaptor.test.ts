import { CHANNEL_TYPES } from '@tollgate/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canonicalRequest, canonicalRequestWithToolTurn, PNG_1X1 } from '../../../test/canonical-request.js';
import { FakeVertex } from '../../../test/fake-vertex.js';
import { StreamSplitter } from '../../relay/streaming/sse-lines.js';
import type { AdaptorRequest, RelayMode, UpstreamTarget } from '../adaptor.js';
import { vertexAdaptor } from './adaptor.js';

const type = CHANNEL_TYPES.find((t) => t.id === 42);
const GEMINI = 'gemini-2.5-flash';
const CLAUDE = 'claude-sonnet-4-5@20250929';
const SAFETY = ['HARASSMENT', 'HATE_SPEECH', 'SEXUALLY_EXPLICIT', 'DANGEROUS_CONTENT', 'CIVIC_INTEGRITY'].map((c) => ({ category: `HARM_CATEGORY_${c}`, threshold: 'BLOCK_NONE' }));
const TOOL = { name: 'get_weather', description: 'Get current weather for a city', input_schema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } };

describe('Vertex AI adaptor (reference providers.md 4)', () => {
  let fake: FakeVertex;
  let target: UpstreamTarget;

  beforeAll(async () => {
    fake = await new FakeVertex().start();
    if (!type) throw new Error('no Vertex AI channel type');
    target = { type, key: '', baseUrl: '', other: '', config: { region: 'us-east5', vertex_ai_project_id: 'proj-1', vertex_ai_adc: fake.newKey() }, settings: {} };
    expect(await vertexAdaptor.prepare?.(target, () => Promise.reject(new Error('the relay client is not used')))).toBeUndefined();
  });
  afterAll(async () => {
    await fake.stop();
  });

  const request = (model: string, body: object, stream = false, mode: RelayMode = 'chat'): AdaptorRequest => ({
    target,
    mode,
    path: '/v1/chat/completions',
    model,
    stream,
    body: Buffer.from(JSON.stringify({ ...body, ...(stream ? { stream: true } : {}) })),
    contentType: 'application/json',
  });
  const built = (model: string, body: object, stream = false) => {
    const out = vertexAdaptor.buildRequest(request(model, body, stream));
    return { ...out, json: JSON.parse(out.body.toString('utf8')) as Record<string, unknown> };
  };

  describe('requests', () => {
    it('sends the canonical request to a Gemini model as generateContent, with the Bearer token', () => {
      const out = built(GEMINI, canonicalRequest(GEMINI));
      expect(out.url).toBe(`https://us-east5-aiplatform.googleapis.com/v1/projects/proj-1/locations/us-east5/publishers/google/models/${GEMINI}:generateContent`);
      expect(out.headers.authorization).toMatch(/^Bearer ya29\.fake-\d+$/);
      expect(out.json).toEqual({
        systemInstruction: { parts: [{ text: 'You are a concise assistant.' }] },
        contents: [{ role: 'user', parts: [{ text: 'What is in this image? Also get the weather in Paris.' }, { inlineData: { mimeType: 'image/png', data: PNG_1X1 } }] }],
        tools: [{ functionDeclarations: [{ name: 'get_weather', description: 'Get current weather for a city', parameters: { type: 'OBJECT', properties: { city: { type: 'STRING' } }, required: ['city'] } }] }],
        toolConfig: { functionCallingConfig: { mode: 'AUTO' } },
        generationConfig: { maxOutputTokens: 512, temperature: 0.7 },
        safetySettings: SAFETY,
      });
    });

    it('sends the canonical request to a Claude model as rawPredict: Messages without model, with the Vertex version', () => {
      const out = built(CLAUDE, canonicalRequest(CLAUDE));
      expect(out.url).toBe(`https://us-east5-aiplatform.googleapis.com/v1/projects/proj-1/locations/us-east5/publishers/anthropic/models/${CLAUDE}:rawPredict`);
      expect(out.headers.authorization).toMatch(/^Bearer ya29\./);
      expect(out.headers['x-api-key']).toBeUndefined();
      expect(out.json).toEqual({
        anthropic_version: 'vertex-2023-10-16',
        max_tokens: 512,
        system: 'You are a concise assistant.',
        messages: [
          {
            role: 'user',
            content: [
              { type: 'text', text: 'What is in this image? Also get the weather in Paris.' },
              { type: 'image', source: { type: 'base64', media_type: 'image/png', data: PNG_1X1 } },
            ],
          },
        ],
        tools: [TOOL],
        temperature: 0.7,
      });
    });

    it('keeps stream: true in the Claude body for streamRawPredict, and passes the anthropic-beta header', () => {
      const out = vertexAdaptor.buildRequest({ ...request(CLAUDE, canonicalRequest(CLAUDE), true), clientHeaders: { 'anthropic-beta': 'token-efficient-tools-2025-02-19' } });
      expect(out.url).toMatch(/:streamRawPredict$/);
      expect(JSON.parse(out.body.toString('utf8'))).toMatchObject({ stream: true, anthropic_version: 'vertex-2023-10-16' });
      expect(out.headers['anthropic-beta']).toBe('token-efficient-tools-2025-02-19');
      expect(out.headers.accept).toBe('text/event-stream');
    });

    it('sends the tool turn back as functionResponse (Gemini) and tool_result (Claude)', () => {
      expect((built(GEMINI, canonicalRequestWithToolTurn(GEMINI)).json.contents as unknown[]).slice(1)).toEqual([
        { role: 'model', parts: [{ functionCall: { name: 'get_weather', args: { city: 'Paris' } } }] },
        { role: 'user', parts: [{ functionResponse: { name: 'get_weather', response: { output: '{"temp_c":18,"sky":"clear"}' } } }] },
      ]);
      expect((built(CLAUDE, canonicalRequestWithToolTurn(CLAUDE)).json.messages as unknown[]).slice(1)).toEqual([
        { role: 'assistant', content: [{ type: 'tool_use', id: 'call_1', name: 'get_weather', input: { city: 'Paris' } }] },
        { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'call_1', content: '{"temp_c":18,"sky":"clear"}' }] },
      ]);
    });

    it('sends embeddings to predict with instances, and reads the counted tokens', () => {
      const embed = request('text-embedding-005', { model: 'text-embedding-005', input: ['a', 'bb'], dimensions: 256, encoding_format: 'float' }, false, 'embeddings');
      const out = vertexAdaptor.buildRequest(embed);
      expect(out.url).toMatch(/\/publishers\/google\/models\/text-embedding-005:predict$/);
      expect(JSON.parse(out.body.toString('utf8'))).toEqual({ instances: [{ content: 'a' }, { content: 'bb' }], parameters: { outputDimensionality: 256 } });
      const recorded = { predictions: [{ embeddings: { statistics: { token_count: 5, truncated: false }, values: [-0.0179, -0.0068] } }, { embeddings: { statistics: { token_count: 3, truncated: false }, values: [0.5, 0.25] } }], metadata: { billableCharacterCount: 35 } };
      const answer = vertexAdaptor.parseAnswer(embed, Buffer.from(JSON.stringify(recorded)), 'application/json');
      expect(JSON.parse(answer.body.toString('utf8'))).toEqual({
        object: 'list',
        data: [
          { object: 'embedding', index: 0, embedding: [-0.0179, -0.0068] },
          { object: 'embedding', index: 1, embedding: [0.5, 0.25] },
        ],
        model: 'text-embedding-005',
        usage: { prompt_tokens: 8, total_tokens: 8 },
      });
      expect(answer.usage).toEqual({ promptTokens: 8, completionTokens: 0, totalTokens: 8 });
    });
  });

  describe('answers', () => {
    it('converts a Gemini answer with the Vertex extras (createTime, trafficType), a function call as tool_calls', () => {
      const recorded = {
        candidates: [{ content: { role: 'model', parts: [{ text: 'A single white pixel.' }, { functionCall: { name: 'get_weather', args: { city: 'Paris' } } }] }, finishReason: 'STOP', avgLogprobs: -0.1 }],
        usageMetadata: { promptTokenCount: 271, candidatesTokenCount: 12, totalTokenCount: 283, trafficType: 'ON_DEMAND' },
        modelVersion: GEMINI,
        createTime: '2026-11-22T06:00:00.000000Z',
        responseId: 'vtx-response-1',
      };
      const answer = vertexAdaptor.parseAnswer(request(GEMINI, canonicalRequest(GEMINI)), Buffer.from(JSON.stringify(recorded)), 'application/json');
      expect(JSON.parse(answer.body.toString('utf8'))).toMatchObject({
        id: 'chatcmpl-vtx-response-1',
        object: 'chat.completion',
        model: GEMINI,
        choices: [{ index: 0, message: { role: 'assistant', content: 'A single white pixel.', tool_calls: [{ type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } }] }, finish_reason: 'tool_calls' }],
        usage: { prompt_tokens: 271, completion_tokens: 12, total_tokens: 283 },
      });
      expect(answer.usage).toEqual({ promptTokens: 271, completionTokens: 12, totalTokens: 283 });
    });

    it('converts the recorded Claude answer of reference 2.3', () => {
      const recorded = {
        model: 'claude-sonnet-4-5-20250929',
        id: 'msg_01VdEjxAP5ahtHKrrRdNBteQ',
        type: 'message',
        role: 'assistant',
        content: [
          { type: 'text', text: 'A single white pixel. Checking Paris weather.' },
          { type: 'tool_use', id: 'toolu_01LRmxn9vGM1d2DZSDBowdZ1', name: 'get_weather', input: { city: 'Paris' } },
        ],
        stop_reason: 'tool_use',
        stop_sequence: null,
        usage: { input_tokens: 412, cache_creation_input_tokens: 0, cache_read_input_tokens: 0, output_tokens: 64, service_tier: 'standard' },
      };
      const answer = vertexAdaptor.parseAnswer(request(CLAUDE, canonicalRequest(CLAUDE)), Buffer.from(JSON.stringify(recorded)), 'application/json');
      expect(JSON.parse(answer.body.toString('utf8'))).toMatchObject({
        object: 'chat.completion',
        choices: [{ message: { content: 'A single white pixel. Checking Paris weather.', tool_calls: [{ id: 'toolu_01LRmxn9vGM1d2DZSDBowdZ1', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } }] }, finish_reason: 'tool_calls' }],
        usage: { prompt_tokens: 412, completion_tokens: 64, total_tokens: 476 },
      });
    });
  });

  describe('streams', () => {
    const run = (model: string, bytes: string) => {
      const parser = vertexAdaptor.streamParser?.(request(model, { ...canonicalRequest(model), stream_options: { include_usage: true } }, true));
      if (!parser) throw new Error('no stream parser');
      const events = new StreamSplitter(parser.framing).push(Buffer.from(bytes)).map((data) => parser.event(data));
      const last = parser.end?.();
      if (last) events.push(last);
      const forward = events.flatMap((e) => e.forward);
      return { events, forward, chunks: forward.filter((f) => f !== '[DONE]').map((f) => JSON.parse(f) as { choices: { delta: Record<string, unknown>; finish_reason: string | null }[]; usage?: unknown }) };
    };

    it('converts the Gemini stream bytes of reference 3.4 (with \\r\\n\\r\\n separators)', () => {
      const bytes = [
        '{"candidates": [{"content": {"parts": [{"text": "A single white"}],"role": "model"},"index": 0}],"usageMetadata": {"promptTokenCount": 271,"candidatesTokenCount": 3,"totalTokenCount": 274,"promptTokensDetails": [{"modality": "TEXT","tokenCount": 13},{"modality": "IMAGE","tokenCount": 258}]},"modelVersion": "gemini-2.5-flash","responseId": "AdVRaMmDCYekqtsPrb_-iAw"}',
        '{"candidates": [{"content": {"parts": [{"text": " pixel."}],"role": "model"},"finishReason": "STOP","index": 0}],"usageMetadata": {"promptTokenCount": 271,"candidatesTokenCount": 6,"totalTokenCount": 277,"promptTokensDetails": [{"modality": "TEXT","tokenCount": 13},{"modality": "IMAGE","tokenCount": 258}]},"modelVersion": "gemini-2.5-flash","responseId": "AdVRaMmDCYekqtsPrb_-iAw"}',
      ]
        .map((data) => `data: ${data}\r\n\r\n`)
        .join('');
      const { events, forward, chunks } = run(GEMINI, bytes);
      expect(chunks.map((c) => c.choices[0]?.delta.content).join('')).toBe('A single white pixel.');
      expect(chunks.map((c) => c.choices[0]?.finish_reason).filter(Boolean)).toEqual(['stop']);
      expect(chunks.at(-1)?.usage).toMatchObject({ prompt_tokens: 271, completion_tokens: 6 });
      expect(forward.at(-1)).toBe('[DONE]');
      expect(events.find((e) => e.done)?.usage).toEqual({ promptTokens: 271, completionTokens: 6, totalTokens: 277 });
    });

    it('converts the Claude stream bytes of reference 2.4, a text and a streamed tool call', () => {
      const events: [string, object][] = [
        ['message_start', { type: 'message_start', message: { model: 'claude-sonnet-4-5-20250929', id: 'msg_01QC4g3HwBThD4BaNtBckFDJ', type: 'message', role: 'assistant', content: [], stop_reason: null, stop_sequence: null, usage: { input_tokens: 412, cache_creation_input_tokens: 0, cache_read_input_tokens: 0, output_tokens: 1, service_tier: 'standard' } } }],
        ['content_block_start', { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } }],
        ['ping', { type: 'ping' }],
        ['content_block_delta', { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: 'A single white pixel.' } }],
        ['content_block_stop', { type: 'content_block_stop', index: 0 }],
        ['content_block_start', { type: 'content_block_start', index: 1, content_block: { type: 'tool_use', id: 'toolu_01KFbKqPYSuAKujiL6mTfzYA', name: 'get_weather', input: {} } }],
        ['content_block_delta', { type: 'content_block_delta', index: 1, delta: { type: 'input_json_delta', partial_json: '' } }],
        ['content_block_delta', { type: 'content_block_delta', index: 1, delta: { type: 'input_json_delta', partial_json: '{"city": "Paris"}' } }],
        ['content_block_stop', { type: 'content_block_stop', index: 1 }],
        ['message_delta', { type: 'message_delta', delta: { stop_reason: 'tool_use', stop_sequence: null }, usage: { input_tokens: 412, cache_creation_input_tokens: 0, cache_read_input_tokens: 0, output_tokens: 47 } }],
        ['message_stop', { type: 'message_stop' }],
      ];
      const bytes = events.map(([name, data]) => `event: ${name}\ndata: ${JSON.stringify(data)}\n\n`).join('');
      const { chunks, events: parsed } = run(CLAUDE, bytes);
      expect(chunks.map((c) => c.choices[0]?.delta.content ?? '').join('')).toBe('A single white pixel.');
      const calls = chunks.flatMap((c) => (c.choices[0]?.delta.tool_calls as { id?: string; function?: { arguments?: string } }[] | undefined) ?? []);
      expect(calls[0]?.id).toBe('toolu_01KFbKqPYSuAKujiL6mTfzYA');
      expect(JSON.parse(calls.map((call) => call.function?.arguments ?? '').join(''))).toEqual({ city: 'Paris' });
      expect(chunks.map((c) => c.choices[0]?.finish_reason).filter(Boolean)).toEqual(['tool_calls']);
      // message_start reports the input (for a stream cut short); the last report is the final count.
      expect(parsed.filter((e) => e.usage).at(-1)?.usage).toEqual({ promptTokens: 412, completionTokens: 47, totalTokens: 459 });
    });
  });

  describe('channel configuration', () => {
    it("takes the project from the key's project_id when the channel names none", async () => {
      const fromKey = { ...target, config: { vertex_ai_adc: target.config.vertex_ai_adc ?? '' } };
      expect(await vertexAdaptor.prepare?.(fromKey, () => Promise.reject(new Error('unused')))).toBeUndefined();
      expect(vertexAdaptor.buildRequest({ ...request(GEMINI, canonicalRequest(GEMINI)), target: fromKey }).url).toContain('/projects/adc-project/locations/us-central1/');
    });

    it('refuses a channel without credentials as an auth failure', async () => {
      const refused = await vertexAdaptor.prepare?.({ ...target, config: { vertex_ai_project_id: 'p' } }, () => Promise.reject(new Error('unused')));
      expect(refused).toMatchObject({ status: 401, error: { type: 'authentication_error', message: expect.stringContaining('vertex_ai_adc') as unknown } });
    });
  });
});
