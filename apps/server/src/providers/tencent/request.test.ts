import { describe, expect, it } from 'vitest';
import { PNG_1X1, canonicalRequest, canonicalRequestWithToolTurn } from '../../../test/canonical-request.js';
import { toHunyuanRequest } from './request.js';

const WEATHER_TOOL = {
  Type: 'function',
  Function: { Name: 'get_weather', Description: 'Get current weather for a city', Parameters: '{"type":"object","properties":{"city":{"type":"string"}},"required":["city"]}' },
};

describe('Hunyuan request conversion (reference providers.md 11.3)', () => {
  it('converts the canonical request: PascalCase, the image message as Contents, Parameters as a JSON string', () => {
    expect(toHunyuanRequest(canonicalRequest('hunyuan-vision'), 'hunyuan-vision', false)).toEqual({
      Model: 'hunyuan-vision',
      Stream: false,
      Temperature: 0.7,
      Messages: [
        { Role: 'system', Content: 'You are a concise assistant.' },
        {
          Role: 'user',
          Contents: [
            { Type: 'text', Text: 'What is in this image? Also get the weather in Paris.' },
            { Type: 'image_url', ImageUrl: { Url: `data:image/png;base64,${PNG_1X1}` } },
          ],
        },
      ],
      Tools: [WEATHER_TOOL],
      ToolChoice: 'auto',
    });
  });

  it('sends the tool turn as ToolCalls and a tool message with its ToolCallId', () => {
    const request = toHunyuanRequest(canonicalRequestWithToolTurn('hunyuan-pro'), 'hunyuan-pro', true);
    expect(request.Stream).toBe(true);
    expect(request.Messages.slice(2)).toEqual([
      { Role: 'assistant', Content: '', ToolCalls: [{ Id: 'call_1', Type: 'function', Function: { Name: 'get_weather', Arguments: '{"city":"Paris"}' } }] },
      { Role: 'tool', Content: '{"temp_c":18,"sky":"clear"}', ToolCallId: 'call_1' },
    ]);
  });

  it('maps tool_choice none and a named function, sends text-only parts as Content, and clamps sampling', () => {
    const base = { messages: [{ role: 'developer', content: [{ type: 'text', text: 'a' }, { type: 'text', text: 'b' }] }], tools: canonicalRequest('m').tools, top_p: 3, temperature: 5 };
    expect(toHunyuanRequest({ ...base, tool_choice: 'none' }, 'hunyuan-lite', false)).toMatchObject({ Messages: [{ Role: 'system', Content: 'a\nb' }], TopP: 1, Temperature: 2, ToolChoice: 'none' });
    expect(toHunyuanRequest({ ...base, tool_choice: { type: 'function', function: { name: 'get_weather' } } }, 'm', false)).toMatchObject({ ToolChoice: 'custom', CustomTool: WEATHER_TOOL });
    expect(toHunyuanRequest({ messages: [] }, 'm', false)).toEqual({ Model: 'm', Messages: [], Stream: false });
  });
});
