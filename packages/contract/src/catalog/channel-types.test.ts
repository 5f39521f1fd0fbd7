import { describe, expect, it } from 'vitest';
import { CHANNEL_TYPES, channelType, channelTypeOptions, defaultModels } from './channel-types.js';

/** The channel type enumeration of spec section 3, in its order. */
const SPEC_TYPES: [number, string][] = [
  [1, 'OpenAI'], [14, 'Anthropic Claude'], [33, 'AWS'], [3, 'Azure OpenAI'], [11, 'Google PaLM2'], [24, 'Google Gemini'],
  [28, 'Mistral AI'], [41, 'Novita'], [40, 'ByteDance Doubao'], [15, 'Baidu Wenxin Qianfan'], [17, 'Alibaba Tongyi Qianwen'],
  [18, 'iFlytek Spark'], [16, 'Zhipu ChatGLM'], [19, '360 Zhinao'], [25, 'Moonshot AI'], [23, 'Tencent Hunyuan'], [26, 'Baichuan'],
  [27, 'MiniMax'], [29, 'Groq'], [30, 'Ollama'], [31, '01.AI'], [32, 'StepFun'], [34, 'Coze'], [35, 'Cohere'], [36, 'DeepSeek'],
  [37, 'Cloudflare'], [38, 'DeepL'], [39, 'together.ai'], [42, 'VertexAI'], [43, 'Proxy'], [44, 'SiliconFlow'], [45, 'xAI'],
  [46, 'Replicate'], [8, 'custom channel'], [22, 'knowledge base FastGPT'], [21, 'knowledge base AI Proxy'], [20, 'proxy OpenRouter'],
  [2, 'proxy API2D'], [5, 'proxy OpenAI-SB'], [7, 'proxy OhMyGPT'], [10, 'proxy AI Proxy'], [4, 'proxy CloseAI'], [6, 'proxy OpenAI Max'],
  [9, 'proxy AI.LS'], [12, 'proxy API2GPT'], [13, 'proxy AIGC2D'],
];

describe('provider catalog', () => {
  it.each(SPEC_TYPES)('has type %i labelled %s with a colour and a protocol', (id, label) => {
    const type = channelType(id);
    expect(type?.label).toBe(label);
    expect(type?.color).toMatch(/^[a-z]+$/);
    expect(type?.protocol).toBeTruthy();
  });

  it('keeps the spec order and adds only the later one-api types (47–51)', () => {
    const specIds = SPEC_TYPES.map(([id]) => id);
    expect(CHANNEL_TYPES.map((t) => t.id).filter((id) => specIds.includes(id))).toEqual(specIds);
    expect(CHANNEL_TYPES.map((t) => t.id).filter((id) => !specIds.includes(id)).sort((a, b) => a - b)).toEqual([47, 48, 49, 50, 51]);
    expect(new Set(CHANNEL_TYPES.map((t) => t.id)).size).toBe(CHANNEL_TYPES.length);
  });

  it('gives every type except Coze and Proxy a default model list', () => {
    for (const type of CHANNEL_TYPES) {
      if (type.id === 34 || type.id === 43) expect(defaultModels(type.id)).toEqual([]);
      else expect(defaultModels(type.id).length, `type ${type.id}`).toBeGreaterThan(0);
    }
    expect(defaultModels(1)).toContain('gpt-4o-mini');
    expect(defaultModels(14)).toContain('claude-3-5-sonnet-20241022');
  });

  it('lists each maker’s newest models first, one-api’s retired ones last (the server puts the price source’s current models before them)', () => {
    expect(defaultModels(14).slice(0, 3)).toEqual(['claude-opus-4-5-20251101', 'claude-sonnet-4-5-20250929', 'claude-haiku-4-5-20251001']);
    expect(defaultModels(14).at(-1)).toBe('claude-instant-1.2');
    expect(defaultModels(24)[0]).toBe('gemini-3-pro-preview');
    expect(defaultModels(1)[0]).toBe('gpt-5');
    expect(defaultModels(33)[0]).toBe('claude-3-5-sonnet-20241022');
  });

  it('uses http(s) default base URLs without a trailing slash where a vendor has one', () => {
    for (const type of CHANNEL_TYPES.filter((t) => t.defaultBaseUrl && t.id !== 46 && t.id !== 51)) {
      expect(type.defaultBaseUrl, `type ${type.id}`).toMatch(/^(https?|wss):\/\/[^\s]+[^/]$/);
    }
  });

  it("offers one-api's option shape for the console", () => {
    expect(channelTypeOptions('zh').find((o) => o.value === 17)).toEqual({ key: 17, text: '阿里通义千问', value: 17, color: 'orange' });
  });
});
