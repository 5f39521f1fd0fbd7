import { describe, expect, it } from 'vitest';
import { adaptorRequest, upstreamTarget } from '../../../test/adaptor-request.js';
import { PNG_1X1, canonicalRequest, canonicalRequestWithToolTurn, weatherTool } from '../../../test/canonical-request.js';
import type { AdaptorRequest } from '../adaptor.js';
import { dashScopeAdaptor } from './adaptor.js';
import { needsMultimodal, toDashScopeRequest } from './request.js';

const request = (body: object, model: string): AdaptorRequest =>
  adaptorRequest(upstreamTarget({ type: { id: 17, defaultBaseUrl: 'https://dashscope.aliyuncs.com' } as AdaptorRequest['target']['type'], key: 'sk-ds' }), { model, body });

describe('DashScope vision (reference providers.md 8.2)', () => {
  it('converts the canonical request into the multimodal fixture: item lists, the data URL inline, tools kept', () => {
    expect(toDashScopeRequest(canonicalRequest('qwen-vl-max'), 'qwen-vl-max', false, true)).toEqual({
      model: 'qwen-vl-max',
      input: {
        messages: [
          { role: 'system', content: [{ text: 'You are a concise assistant.' }] },
          { role: 'user', content: [{ image: `data:image/png;base64,${PNG_1X1}` }, { text: 'What is in this image? Also get the weather in Paris.' }] },
        ],
      },
      parameters: { result_format: 'message', max_tokens: 512, temperature: 0.7, tools: [weatherTool] },
    });
  });

  it('sends vision models and any request with an image to the multimodal endpoint, the rest to text-generation', () => {
    expect(needsMultimodal(canonicalRequest('qwen-max'), 'qwen-max')).toBe(true);
    expect(needsMultimodal({ messages: [{ role: 'user', content: 'hi' }] }, 'qwen-vl-plus')).toBe(true);
    expect(needsMultimodal({ messages: [{ role: 'user', content: 'hi' }] }, 'qwen2.5-vl-72b-instruct')).toBe(true);
    expect(needsMultimodal({ messages: [{ role: 'user', content: 'hi' }] }, 'qvq-max')).toBe(true);
    expect(needsMultimodal({ messages: [{ role: 'user', content: [{ type: 'text', text: 'hi' }] }] }, 'qwen-max')).toBe(false);
    expect(dashScopeAdaptor.buildRequest(request(canonicalRequest('qwen-vl-max'), 'qwen-vl-max')).url).toBe('https://dashscope.aliyuncs.com/api/v1/services/aigc/multimodal-generation/generation');
    expect(dashScopeAdaptor.buildRequest(request({ messages: [{ role: 'user', content: 'hi' }] }, 'qwen-max')).url).toBe('https://dashscope.aliyuncs.com/api/v1/services/aigc/text-generation/generation');
  });

  it('passes https image URLs as they are and keeps the tool turn as item lists', () => {
    const body = canonicalRequestWithToolTurn('qwen-vl-max');
    const withUrl = { ...body, messages: [...body.messages, { role: 'user', content: [{ type: 'image_url', image_url: { url: 'https://example.com/cat.png' } }] }] };
    const messages = toDashScopeRequest(withUrl, 'qwen-vl-max', false, true).input.messages;
    expect(messages.slice(2)).toEqual([
      { role: 'assistant', content: [{ text: '' }], tool_calls: body.messages[2]?.tool_calls },
      { role: 'tool', content: [{ text: '{"temp_c":18,"sky":"clear"}' }], tool_call_id: 'call_1', name: 'get_weather' },
      { role: 'user', content: [{ image: 'https://example.com/cat.png' }] },
    ]);
  });
});
