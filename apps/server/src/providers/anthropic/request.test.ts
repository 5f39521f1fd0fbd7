import { describe, expect, it } from 'vitest';
import { PNG_1X1 as PNG, canonicalRequestWithToolTurn, weatherTool } from '../../../test/canonical-request.js';
import { toAnthropicRequest } from './request.js';

/** The canonical request of reference providers.md 0.1, with its second turn. */
const canonical = canonicalRequestWithToolTurn('claude-sonnet-4-5-20250929');

describe('Anthropic request conversion', () => {
  it('converts the canonical request as reference 2.2 shows it', () => {
    expect(toAnthropicRequest(canonical, 'claude-sonnet-4-5-20250929')).toEqual({
      model: 'claude-sonnet-4-5-20250929',
      max_tokens: 512,
      temperature: 0.7,
      system: 'You are a concise assistant.',
      messages: [
        {
          role: 'user',
          content: [
            { type: 'text', text: 'What is in this image? Also get the weather in Paris.' },
            { type: 'image', source: { type: 'base64', media_type: 'image/png', data: PNG } },
          ],
        },
        { role: 'assistant', content: [{ type: 'tool_use', id: 'call_1', name: 'get_weather', input: { city: 'Paris' } }] },
        { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'call_1', content: '{"temp_c":18,"sky":"clear"}' }] },
      ],
      tools: [{ name: 'get_weather', description: 'Get current weather for a city', input_schema: weatherTool.function.parameters }],
    });
  });

  it('passes remote images as URL sources and merges consecutive turns of one role', () => {
    const request = toAnthropicRequest(
      {
        messages: [
          { role: 'user', content: [{ type: 'image_url', image_url: { url: 'https://img.example/cat.jpg' } }] },
          { role: 'user', content: 'and this?' },
          { role: 'tool', tool_call_id: 'a', content: 'one' },
          { role: 'tool', tool_call_id: 'b', content: [{ type: 'text', text: 'two' }] },
        ],
      },
      'claude-3-haiku-20240307',
    );
    expect(request.messages).toEqual([
      {
        role: 'user',
        content: [
          { type: 'image', source: { type: 'url', url: 'https://img.example/cat.jpg' } },
          { type: 'text', text: 'and this?' },
          { type: 'tool_result', tool_use_id: 'a', content: 'one' },
          { type: 'tool_result', tool_use_id: 'b', content: 'two' },
        ],
      },
    ]);
  });

  it.each([
    ['auto', { type: 'auto' }],
    ['required', { type: 'any' }],
    [{ type: 'function', function: { name: 'get_weather' } }, { type: 'tool', name: 'get_weather' }],
  ])('maps tool_choice %o to %o', (choice, expected) => {
    expect(toAnthropicRequest({ messages: [], tools: [weatherTool], tool_choice: choice }, 'm').tool_choice).toEqual(expected);
  });

  it('sends no tools for tool_choice none, and asks for one call at a time when parallel calls are off', () => {
    const none = toAnthropicRequest({ messages: [], tools: [weatherTool], tool_choice: 'none' }, 'm');
    expect(none.tools).toBeUndefined();
    expect(none.tool_choice).toBeUndefined();
    expect(toAnthropicRequest({ messages: [], tools: [weatherTool], parallel_tool_calls: false }, 'm').tool_choice).toEqual({ type: 'auto', disable_parallel_tool_use: true });
  });

  it("offers the hub's web search as Anthropic's web search server tool, beside the client's tools", () => {
    expect(toAnthropicRequest({ messages: [], tools: [weatherTool], web_search: { max_uses: 2 } }, 'm').tools).toEqual([
      expect.objectContaining({ name: 'get_weather' }),
      { type: 'web_search_20250305', name: 'web_search', max_uses: 2 },
    ]);
    expect(toAnthropicRequest({ messages: [], web_search: {}, tool_choice: 'none' }, 'm').tools).toBeUndefined();
  });

  it('defaults max_tokens, clamps temperature, renames old models and maps stop, stream, user and JSON mode', () => {
    const request = toAnthropicRequest(
      { messages: [{ role: 'user', content: 'hi' }], temperature: 1.6, top_p: 0.9, stop: 'END', stream: true, user: 'u1', response_format: { type: 'json_object' } },
      'claude-2',
    );
    expect(request).toMatchObject({ model: 'claude-2.1', max_tokens: 4096, temperature: 1, top_p: 0.9, stop_sequences: ['END'], stream: true, metadata: { user_id: 'u1' } });
    expect(request.system).toMatch(/JSON only/);
    expect(toAnthropicRequest({ messages: [], max_completion_tokens: 77 }, 'claude-instant-1')).toMatchObject({ model: 'claude-instant-1.1', max_tokens: 77 });
  });
});
