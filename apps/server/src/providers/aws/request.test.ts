import { describe, expect, it } from 'vitest';
import { canonicalRequest, canonicalRequestWithToolTurn, PNG_1X1 } from '../../../test/canonical-request.js';
import { bedrockAdaptor } from './adaptor.js';
import { bedrockRequest } from './adaptor-request.test-data.js';
import { llamaPrompt } from './llama-request.js';
import { bedrockModelId, modelFamily } from './model-ids.js';

const built = (...args: Parameters<typeof bedrockRequest>) => {
  const request = bedrockAdaptor.buildRequest(bedrockRequest(...args));
  return { ...request, json: JSON.parse(request.body.toString('utf8')) as Record<string, unknown> };
};

describe('Bedrock model ids', () => {
  it.each([
    ['claude-3-5-sonnet-20240620', 'anthropic.claude-3-5-sonnet-20240620-v1:0', 'claude'],
    ['claude-3-5-sonnet-20241022', 'anthropic.claude-3-5-sonnet-20241022-v2:0', 'claude'],
    ['claude-3-5-sonnet-latest', 'anthropic.claude-3-5-sonnet-20241022-v2:0', 'claude'],
    ['claude-2.1', 'anthropic.claude-v2:1', 'claude'],
    ['claude-instant-1.2', 'anthropic.claude-instant-v1', 'claude'],
    ['llama3-8b-8192', 'meta.llama3-8b-instruct-v1:0', 'llama3'],
    ['llama3-70b-8192', 'meta.llama3-70b-instruct-v1:0', 'llama3'],
    ['us.anthropic.claude-sonnet-4-5-20250929-v1:0', 'us.anthropic.claude-sonnet-4-5-20250929-v1:0', 'claude'],
    ['meta.llama3-1-8b-instruct-v1:0', 'meta.llama3-1-8b-instruct-v1:0', 'llama3'],
    ['amazon.nova-lite-v1:0', 'amazon.nova-lite-v1:0', 'converse'],
    ['mistral.mistral-large-2402-v1:0', 'mistral.mistral-large-2402-v1:0', 'converse'],
  ])('%s is %s (%s)', (name, id, family) => {
    expect(bedrockModelId(name)).toBe(id);
    expect(modelFamily(bedrockModelId(name))).toBe(family);
  });
});

describe('Bedrock request conversion', () => {
  it('turns the canonical request into the Claude InvokeModel body of reference 5.3', () => {
    const request = built(canonicalRequest('claude-3-5-sonnet-20241022'));
    expect(request.url).toBe('https://bedrock-runtime.us-east-1.amazonaws.com/model/anthropic.claude-3-5-sonnet-20241022-v2%3A0/invoke');
    expect(request.headers).toEqual({ 'content-type': 'application/json', accept: 'application/json' });
    expect(request.json).toEqual({
      anthropic_version: 'bedrock-2023-05-31',
      max_tokens: 512,
      temperature: 0.7,
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
      tools: [{ name: 'get_weather', description: 'Get current weather for a city', input_schema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } }],
    });
  });

  it('streams through invoke-with-response-stream without a stream field, and moves beta flags into the body', () => {
    const request = built({ ...canonicalRequest('claude-3-haiku-20240307'), stream: true }, { baseUrl: 'http://127.0.0.1:9999/', clientHeaders: { 'anthropic-beta': 'a-flag, b-flag' } });
    expect(request.url).toBe('http://127.0.0.1:9999/model/anthropic.claude-3-haiku-20240307-v1%3A0/invoke-with-response-stream');
    expect(request.headers.accept).toBe('application/vnd.amazon.eventstream');
    expect(request.json).not.toHaveProperty('stream');
    expect(request.json).not.toHaveProperty('model');
    expect(request.json.anthropic_beta).toEqual(['a-flag', 'b-flag']);
  });

  it('sends the tool turn as tool_use and a user tool_result (the Claude tool round trip, going up)', () => {
    const { json } = built(canonicalRequestWithToolTurn('claude-3-5-sonnet-20240620'));
    expect((json.messages as unknown[]).slice(1)).toEqual([
      { role: 'assistant', content: [{ type: 'tool_use', id: 'call_1', name: 'get_weather', input: { city: 'Paris' } }] },
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'call_1', content: '{"temp_c":18,"sky":"clear"}' }] },
    ]);
  });

  it('renders Llama 3 chats with the documented header template', () => {
    expect(llamaPrompt([{ role: 'system', content: 'Be brief.' }, { role: 'user', content: 'Hi' }, { role: 'assistant', content: 'Hello!' }, { role: 'user', content: [{ type: 'text', text: 'Bye' }] }])).toBe(
      '<|begin_of_text|><|start_header_id|>system<|end_header_id|>\n\nBe brief.<|eot_id|>' +
        '<|start_header_id|>user<|end_header_id|>\n\nHi<|eot_id|>' +
        '<|start_header_id|>assistant<|end_header_id|>\n\nHello!<|eot_id|>' +
        '<|start_header_id|>user<|end_header_id|>\n\nBye<|eot_id|>' +
        '<|start_header_id|>assistant<|end_header_id|>\n\n',
    );
  });

  it('turns the canonical request into a Llama 3 body (text only: no tools or images on this path)', () => {
    const request = built({ ...canonicalRequest('llama3-8b-8192'), top_p: 0.9 });
    expect(request.url).toBe('https://bedrock-runtime.us-east-1.amazonaws.com/model/meta.llama3-8b-instruct-v1%3A0/invoke');
    expect(request.json).toEqual({
      prompt:
        '<|begin_of_text|><|start_header_id|>system<|end_header_id|>\n\nYou are a concise assistant.<|eot_id|>' +
        '<|start_header_id|>user<|end_header_id|>\n\nWhat is in this image? Also get the weather in Paris.<|eot_id|>' +
        '<|start_header_id|>assistant<|end_header_id|>\n\n',
      max_gen_len: 512,
      temperature: 0.7,
      top_p: 0.9,
    });
    expect(built({ model: 'llama3-70b-8192', messages: [{ role: 'user', content: 'hi' }] }).json.max_gen_len).toBe(2048);
  });

  it('turns the canonical request into the Converse body of reference 5.7 for other models', () => {
    const request = built(canonicalRequest('amazon.nova-lite-v1:0'));
    expect(request.url).toBe('https://bedrock-runtime.us-east-1.amazonaws.com/model/amazon.nova-lite-v1%3A0/converse');
    expect(request.json).toEqual({
      system: [{ text: 'You are a concise assistant.' }],
      messages: [{ role: 'user', content: [{ text: 'What is in this image? Also get the weather in Paris.' }, { image: { format: 'png', source: { bytes: PNG_1X1 } } }] }],
      inferenceConfig: { maxTokens: 512, temperature: 0.7 },
      toolConfig: {
        tools: [{ toolSpec: { name: 'get_weather', description: 'Get current weather for a city', inputSchema: { json: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } } } }],
        toolChoice: { auto: {} },
      },
    });
    expect(built({ ...canonicalRequest('amazon.nova-lite-v1:0'), stream: true }).url).toBe('https://bedrock-runtime.us-east-1.amazonaws.com/model/amazon.nova-lite-v1%3A0/converse-stream');
  });

  it('sends the Converse tool turn as toolUse and a user toolResult, and a forced tool as toolChoice.tool', () => {
    const { json } = built({ ...canonicalRequestWithToolTurn('mistral.mistral-large-2402-v1:0'), tool_choice: { type: 'function', function: { name: 'get_weather' } } });
    expect((json.messages as unknown[]).slice(1)).toEqual([
      { role: 'assistant', content: [{ toolUse: { toolUseId: 'call_1', name: 'get_weather', input: { city: 'Paris' } } }] },
      { role: 'user', content: [{ toolResult: { toolUseId: 'call_1', content: [{ text: '{"temp_c":18,"sky":"clear"}' }], status: 'success' } }] },
    ]);
    expect((json.toolConfig as { toolChoice: unknown }).toolChoice).toEqual({ tool: { name: 'get_weather' } });
    expect(built({ model: 'amazon.nova-lite-v1:0', messages: [{ role: 'user', content: 'hi' }] }).json).toEqual({ messages: [{ role: 'user', content: [{ text: 'hi' }] }] });
  });

  it('refuses a channel without credentials as an auth failure, and reads one-api\'s ak|sk|region key', async () => {
    const request = bedrockRequest({ model: 'claude-2.1', messages: [] });
    expect(await bedrockAdaptor.prepare?.({ ...request.target, config: {} }, () => Promise.reject(new Error('no network')))).toMatchObject({ status: 401, error: { type: 'authentication_error' } });
    const keyed = { ...request, target: { ...request.target, config: {}, key: 'AK|SK|eu-west-3' } };
    expect(await bedrockAdaptor.prepare?.(keyed.target, () => Promise.reject(new Error('no network')))).toBeUndefined();
    expect(bedrockAdaptor.buildRequest(keyed).url).toBe('https://bedrock-runtime.eu-west-3.amazonaws.com/model/anthropic.claude-v2%3A1/invoke');
  });
});
